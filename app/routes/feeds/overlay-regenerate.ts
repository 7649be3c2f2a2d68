import { FEED_COPY } from "~/features/feeds";
import { regenerateMyOverlay } from "~/features/overlay/index.server";
import { safeReturnPath } from "~/lib/return-path";
import { assertSameOrigin, envOf, publicOrigin } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { settle } from "~/routes/_lib/form.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/overlay-regenerate";

/** POST /influencer/overlay/regenerate: a plain form on the queue dashboard; back to where it was posted from. */
export async function action({ request, context }: Route.ActionArgs) {
  const env = envOf(context);
  assertSameOrigin(request);
  const viewer = await requireStreamer(request, env);
  const form = await request.formData();
  const back = safeReturnPath(form.get("returnTo")) ?? "/influencer/dashboard";
  const made = await settle(regenerateMyOverlay(env, viewer, publicOrigin(request, env)));
  if (!made.ok) return redirectWithToast(env, back, { kind: "error", message: made.error.message });
  return redirectWithToast(env, `${back.split("#")[0]}#stream-overlay`, {
    kind: "success",
    message: FEED_COPY.overlayRegenerated,
  });
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
