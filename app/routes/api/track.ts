import { getViewer } from "~/features/auth/index.server";
import { clientEventSchema } from "~/features/tracking";
import { trackEvent } from "~/features/tracking/index.server";
import { jsonAction } from "./_lib/json-action.server";

/** POST /api/track {name: "see_all_click", section}: a click the browser reports (navigator.sendBeacon). */
export const action = jsonAction({ schema: clientEventSchema }, async ({ request, env, input }) => {
  const viewer = await getViewer(request, env);
  trackEvent(env, input.name, viewer?.id ?? null, { section: input.section });
  return {};
});
