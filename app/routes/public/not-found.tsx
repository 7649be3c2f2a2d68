import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";

export const meta = () => [{ title: "Page not found | Noobrd" }];

/** Any path no other route claims: the fallback page, with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <ErrorPage
      status={404}
      title="Page not found"
      detail="We couldn't find that page. It may have moved, or the link may be wrong."
    />
  );
}
