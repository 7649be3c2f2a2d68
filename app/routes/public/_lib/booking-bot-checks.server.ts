import { slotsInHighDemand } from "~/features/seats/index.server";
import { getDb } from "~/platform/db.server";
import { type TurnstileWidget, turnstileWidgetFor } from "~/platform/turnstile/turnstile.server";

/** The gig page's two bot checks (docs/decisions/033), each form its own token; null when nothing is in demand. */
export type BookingBotChecks = { book: TurnstileWidget; waitlist: TurnstileWidget } | null;

/** The booking and waitlist forms' bot checks when any of `slots` is in high demand (each form's own token). */
export async function bookingBotChecks(
  request: Request,
  env: Env,
  slots: readonly { id: string }[],
  now: Date,
): Promise<BookingBotChecks> {
  const high = await slotsInHighDemand(
    getDb(env),
    slots.map((slot) => slot.id),
    now,
  );
  return botChecksWhen(request, env, high.size > 0);
}

/** The two forms' bot checks when `inDemand` (the gig page read which of its times are, in its own batch). */
export async function botChecksWhen(request: Request, env: Env, inDemand: boolean): Promise<BookingBotChecks> {
  if (!inDemand) return null;
  const [book, waitlist] = await Promise.all([
    turnstileWidgetFor(request, env, "book"),
    turnstileWidgetFor(request, env, "waitlist"),
  ]);
  return { book, waitlist };
}
