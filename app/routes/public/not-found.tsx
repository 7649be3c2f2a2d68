import { data } from "react-router";
import { NotFoundPage } from "~/components/error-page";

export const meta = () => [{ title: "Page not found | Noobrd" }];

/** Any path no other route claims: the fallback page, with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
