import { FEED_COPY } from "~/features/feeds";
import { regenerateMyOverlay } from "~/features/overlay/index.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import { pageAction } from "~/routes/_lib/page-action.server";
import { regenerateIntent, sameOriginAnd } from "~/routes/feeds/_lib/regenerate.server";

/** POST /influencer/overlay/regenerate: a plain form on the queue dashboard; back to where it was posted from. */
export const action = pageAction({
  guard: sameOriginAnd(requireStreamer),
  intents: {
    regenerate: regenerateIntent({
      regenerate: regenerateMyOverlay,
      fallback: "/influencer/dashboard",
      anchor: "stream-overlay",
      message: FEED_COPY.overlayRegenerated,
    }),
  },
});

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
