import { OverlayQueue } from "~/features/overlay";
import { overlayQueue } from "~/features/overlay/index.server";
import { envOf, publicOrigin } from "~/platform/http.server";
import { settle } from "~/routes/_lib/form.server";
import type { Route } from "./+types/queue";

export const handle = { bare: true };

export const meta = () => [{ title: "Queue overlay | Noobrd" }, { name: "robots", content: "noindex" }];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/** /overlay/:key/queue: the live queue for OBS (no login; the key is the credential, a wrong one a 404). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const view = await settle(overlayQueue(env, params.key, publicOrigin(request, env)));
  if (!view.ok && view.error.status === 404) throw new Response("Not found", { status: 404 });
  if (!view.ok) throw view.error;
  return { view: view.value, key: params.key };
}

export default function QueueOverlay({ loaderData }: Route.ComponentProps) {
  return <OverlayQueue view={loaderData.view} overlayKey={loaderData.key} />;
}
