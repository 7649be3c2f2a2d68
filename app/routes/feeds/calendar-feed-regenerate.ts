import { regenerateMyCalendarFeed } from "~/features/calendar-feed/index.server";
import { FEED_COPY } from "~/features/feeds";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction } from "~/routes/_lib/page-action.server";
import { regenerateIntent, sameOriginAnd } from "~/routes/feeds/_lib/regenerate.server";

/** POST /calendar-feed/regenerate: a plain form (works without JavaScript); back to where it was posted from. */
export const action = pageAction({
  guard: sameOriginAnd(requireUser),
  intents: {
    regenerate: regenerateIntent({
      regenerate: regenerateMyCalendarFeed,
      fallback: "/profile",
      anchor: "calendar-feed",
      message: FEED_COPY.calendarRegenerated,
    }),
  },
});

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
