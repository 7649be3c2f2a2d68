import { data, redirect } from "react-router";
import { NotFoundPage } from "~/components/error-page";
import { shortLinkTarget } from "~/features/catalogue/index.server";
import { handleOfSegment } from "~/lib/short-link";
import { getDb } from "~/platform/db.server";
import { envOf } from "~/platform/http.server";
import type { Route } from "./+types/short-link";

export const meta = () => [{ title: "Page not found | Noobrd" }];

/**
 * /@handle, a streamer's short public link: to their live session while they are live, else to their page. Every
 * other one-segment path that no route claims reaches this route too (a path's first segment cannot be half
 * literal): it and an unknown handle get the 404 page, as from the catch-all route.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const handle = handleOfSegment(params.segment);
  const target = handle ? await shortLinkTarget(getDb(envOf(context)), handle) : null;
  if (target) throw redirect(target);
  return data(null, { status: 404 });
}

export default function ShortLink() {
  return <NotFoundPage />;
}
