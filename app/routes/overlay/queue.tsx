import { OverlayQueue } from "~/features/overlay/components/overlay-queue";
import { overlayQueue } from "~/features/overlay/overlay.server";
import { isAppError } from "~/lib/errors";
import { envOf, publicOrigin } from "~/platform/http.server";
import type { Route } from "./+types/queue";

export const handle = { bare: true };

export const meta = () => [{ title: "Queue overlay | Noobrd" }, { name: "robots", content: "noindex" }];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/** /overlay/:key/queue: the live queue for OBS (no login; the key is the credential, a wrong one a 404). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  try {
    return { view: await overlayQueue(env, params.key, publicOrigin(request, env)), key: params.key };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export default function QueueOverlay({ loaderData }: Route.ComponentProps) {
  return <OverlayQueue view={loaderData.view} overlayKey={loaderData.key} />;
}
