import { OverlayNextSlot } from "~/features/overlay";
import { overlayNextSlot } from "~/features/overlay/index.server";
import { envOf, publicOrigin } from "~/platform/http.server";
import { settle } from "~/routes/_lib/form.server";
import type { Route } from "./+types/next-slot";

export const handle = { bare: true };

export const meta = () => [{ title: "Next session overlay | Noobrd" }, { name: "robots", content: "noindex" }];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/** /overlay/:key/next-slot: the streamer's next open slot and its seats left, for OBS (the key is the credential). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const view = await settle(overlayNextSlot(env, params.key, publicOrigin(request, env)));
  if (!view.ok && view.error.status === 404) throw new Response("Not found", { status: 404 });
  if (!view.ok) throw view.error;
  return { view: view.value };
}

export default function NextSlotOverlay({ loaderData }: Route.ComponentProps) {
  return <OverlayNextSlot view={loaderData.view} />;
}
