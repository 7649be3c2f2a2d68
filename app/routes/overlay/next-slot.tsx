import { OverlayNextSlot } from "~/features/overlay/components/overlay-next-slot";
import { overlayNextSlot } from "~/features/overlay/overlay.server";
import { isAppError } from "~/lib/errors";
import { envOf, publicOrigin } from "~/platform/http.server";
import type { Route } from "./+types/next-slot";

export const handle = { bare: true };

export const meta = () => [{ title: "Next session overlay | Noobrd" }, { name: "robots", content: "noindex" }];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/** /overlay/:key/next-slot: the streamer's next open slot and its seats left, for OBS (the key is the credential). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  try {
    return { view: await overlayNextSlot(env, params.key, publicOrigin(request, env)) };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export default function NextSlotOverlay({ loaderData }: Route.ComponentProps) {
  return <OverlayNextSlot view={loaderData.view} />;
}
