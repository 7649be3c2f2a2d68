import { requireInfluencer } from "~/features/auth/guards.server";
import { FEED_MESSAGES } from "~/features/feeds/messages";
import { regenerateMyOverlay } from "~/features/overlay/overlay.server";
import { isAppError } from "~/lib/errors";
import { safeReturnPath } from "~/lib/return-path";
import { assertSameOrigin, envOf, publicOrigin } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/overlay-regenerate";

/** POST /influencer/overlay/regenerate: a plain form on the queue dashboard; back to where it was posted from. */
export async function action({ request, context }: Route.ActionArgs) {
  const env = envOf(context);
  assertSameOrigin(request);
  const viewer = await requireInfluencer(request, env);
  const form = await request.formData();
  const back = safeReturnPath(form.get("returnTo")) ?? "/influencer/dashboard";
  try {
    await regenerateMyOverlay(env, viewer, publicOrigin(request, env));
    return redirectWithToast(env, `${back.split("#")[0]}#stream-overlay`, {
      kind: "success",
      message: FEED_MESSAGES.overlayRegenerated,
    });
  } catch (error) {
    if (isAppError(error)) return redirectWithToast(env, back, { kind: "error", message: error.message });
    throw error;
  }
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
