import { parseWithZod } from "@conform-to/zod/v4";
import type { Viewer } from "~/features/access";
import { joinWaitlistSchema, leaveWaitlistSchema, WAITLIST_COPY } from "~/features/waitlist";
import { joinWaitlist, leaveWaitlist } from "~/features/waitlist/index.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { HumanCheckSite } from "~/platform/turnstile/turnstile.server";
import { settle } from "~/routes/_lib/form.server";

/**
 * The waitlist forms of the gig page and the profile (plain POSTs with `intent`): join or leave through the
 * waitlist's use cases, then back to `back` with a toast saying what happened or why not (works without JavaScript).
 */
export async function waitlistAction(
  env: Env,
  viewer: Viewer,
  intent: "join-waitlist" | "leave-waitlist",
  formData: FormData,
  back: string,
  site: HumanCheckSite,
) {
  const answered = await settle(async () => {
    if (intent === "join-waitlist") {
      const submission = parseWithZod(formData, { schema: joinWaitlistSchema });
      if (submission.status !== "success") {
        const message = Object.values(submission.error ?? {}).flat()[0] ?? WAITLIST_COPY.seatsRequired;
        return redirectWithToast(env, back, { kind: "error", message });
      }
      const joined = await joinWaitlist(env, viewer, submission.value, new Date(), site);
      return redirectWithToast(env, back, {
        kind: "success",
        message: `${WAITLIST_COPY.joined}: you are number ${joined.placeInLine} in line`,
      });
    }
    const submission = parseWithZod(formData, { schema: leaveWaitlistSchema });
    if (submission.status !== "success") {
      return redirectWithToast(env, back, { kind: "error", message: WAITLIST_COPY.notOnWaitlist });
    }
    await leaveWaitlist(env, viewer, submission.value.slotId);
    return redirectWithToast(env, back, { kind: "success", message: WAITLIST_COPY.left });
  });
  return answered.ok
    ? answered.value
    : redirectWithToast(env, back, { kind: "error", message: answered.error.message });
}
