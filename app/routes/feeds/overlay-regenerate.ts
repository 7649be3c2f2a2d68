import { FEED_COPY } from "~/features/feeds";
import { regenerateMyOverlay } from "~/features/overlay/index.server";
import { safeReturnPath } from "~/lib/return-path";
import { z } from "~/lib/zod";
import { assertSameOrigin, publicOrigin } from "~/platform/http.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import { pageAction } from "~/routes/_lib/page-action.server";

/** POST /influencer/overlay/regenerate: a plain form on the queue dashboard; back to where it was posted from. */
const backOf = (formData: FormData) => safeReturnPath(formData.get("returnTo")) ?? "/influencer/dashboard";

export const action = pageAction({
  guard: ({ request, env }) => {
    assertSameOrigin(request);
    return requireStreamer(request, env);
  },
  intents: {
    regenerate: {
      schema: z.object({ returnTo: z.string().optional() }),
      plain: true,
      run: (_, { env, viewer, request }) => regenerateMyOverlay(env, viewer, publicOrigin(request, env)),
      success: (_, { formData }) => ({
        to: `${backOf(formData).split("#")[0]}#stream-overlay`,
        message: FEED_COPY.overlayRegenerated,
      }),
      refused: (error, { formData }) => ({ to: backOf(formData), message: error.message, kind: "error" as const }),
    },
  },
  otherwise: "regenerate",
});

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
