import { regenerateMyCalendarFeed } from "~/features/calendar-feed/index.server";
import { FEED_COPY } from "~/features/feeds";
import { safeReturnPath } from "~/lib/return-path";
import { z } from "~/lib/zod";
import { assertSameOrigin, publicOrigin } from "~/platform/http.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction } from "~/routes/_lib/page-action.server";

/** POST /calendar-feed/regenerate: a plain form (works without JavaScript); back to where it was posted from. */
const backOf = (formData: FormData) => safeReturnPath(formData.get("returnTo")) ?? "/profile";

export const action = pageAction({
  guard: ({ request, env }) => {
    assertSameOrigin(request);
    return requireUser(request, env);
  },
  intents: {
    regenerate: {
      schema: z.object({ returnTo: z.string().optional() }),
      plain: true,
      run: (_, { env, viewer, request }) => regenerateMyCalendarFeed(env, viewer, publicOrigin(request, env)),
      success: (_, { formData }) => ({
        to: `${backOf(formData).split("#")[0]}#calendar-feed`,
        message: FEED_COPY.calendarRegenerated,
      }),
      refused: (error, { formData }) => ({ to: backOf(formData), message: error.message, kind: "error" as const }),
    },
  },
  otherwise: "regenerate",
});

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
