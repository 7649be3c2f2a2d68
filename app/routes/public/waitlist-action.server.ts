import type { Viewer } from "~/features/access";
import { joinWaitlistSchema, leaveWaitlistSchema, WAITLIST_COPY } from "~/features/waitlist";
import { joinWaitlist, leaveWaitlist } from "~/features/waitlist/index.server";
import type { z } from "~/lib/zod";
import { humanCheckSite } from "~/platform/turnstile/turnstile.server";
import type { PageContext } from "~/routes/_lib/page-action.server";

/**
 * The waitlist forms of the gig page and the profile (plain POSTs with `intent`), as `pageAction` intents: join or
 * leave through the waitlist's use cases, then back to `back` with a toast saying what happened or why not (works
 * without JavaScript).
 */
export function waitlistIntents(back: (page: PageContext<Viewer>) => string) {
  const refused = (message: string, page: PageContext<Viewer>) => ({ to: back(page), message, kind: "error" as const });
  return {
    "join-waitlist": {
      schema: joinWaitlistSchema,
      run: (value: z.output<typeof joinWaitlistSchema>, { env, viewer, request }: PageContext<Viewer>) =>
        // A slot in high demand asks for the bot check (docs/decisions/033).
        joinWaitlist(env, viewer, value, new Date(), humanCheckSite(request, env)),
      success: (joined: { placeInLine: number }, page: PageContext<Viewer>) => ({
        to: back(page),
        message: `${WAITLIST_COPY.joined}: you are number ${joined.placeInLine} in line`,
      }),
      invalid: (page: PageContext<Viewer>, message: string | undefined) =>
        refused(message ?? WAITLIST_COPY.seatsRequired, page),
      refused: (error: { message: string }, page: PageContext<Viewer>) => refused(error.message, page),
    },
    "leave-waitlist": {
      schema: leaveWaitlistSchema,
      run: (value: z.output<typeof leaveWaitlistSchema>, { env, viewer }: PageContext<Viewer>) =>
        leaveWaitlist(env, viewer, value.slotId),
      success: (_: unknown, page: PageContext<Viewer>) => ({ to: back(page), message: WAITLIST_COPY.left }),
      invalid: (page: PageContext<Viewer>) => refused(WAITLIST_COPY.notOnWaitlist, page),
      refused: (error: { message: string }, page: PageContext<Viewer>) => refused(error.message, page),
    },
  };
}
