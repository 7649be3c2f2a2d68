import { formatSlotTime } from "~/features/time";
import type { EmailMessage } from "~/platform/email/email.server";
import { linesEmail } from "~/platform/email/lines-email";

export { linesEmail };

import { LOBBY_CODE_VISIBLE_BEFORE_MS } from "./order-view";

/**
 * The reminder of a booked session, in the fan's saved zone with the zone named (UTC when they saved none;
 * docs/decisions/019-viewer-time-zone.md).
 */
export function reminderEmail(input: {
  to: string;
  name: string;
  title: string;
  when: string;
  startsAt: Date;
  timeZone: string;
  origin: string;
}): EmailMessage {
  const link = `${input.origin}/profile#orders`;
  const lines = [
    `Hi ${input.name},`,
    `${input.title} starts ${input.when}: ${formatSlotTime(input.startsAt, null, input.timeZone)}.`,
    `Your lobby code shows on your profile ${LOBBY_CODE_VISIBLE_BEFORE_MS / 60_000} minutes before the start, once the creator sets it.`,
  ];
  return linesEmail({
    to: input.to,
    subject: `Reminder: ${input.title} starts ${input.when}`,
    lines,
    link: { label: "Your orders", url: link },
  });
}

/** Why a fan's slot went without them cancelling: its streamer cancelled it, was removed, or did not start it. */
export type SlotCancelCause = "streamer" | "removed" | "no_show";

function slotCancelledLine(cause: SlotCancelCause, session: string): string {
  if (cause === "removed") return `${session} is cancelled: its streamer no longer offers sessions on Noobrd.`;
  if (cause === "no_show") return `The streamer did not start ${session}, so it is cancelled.`;
  return `The streamer cancelled ${session}.`;
}

/**
 * A slot cancelled by its streamer, with its streamer when staff removed them, or because its streamer did not start
 * it (`cause`): the buyer is owed a full
 * refund to their wallet (Cancellation Policy). `refund` says whether it was carried out already, or is still under
 * way (a "refund done" email follows then).
 */
export function slotCancelledEmail(input: {
  to: string;
  name: string;
  title: string;
  startsAt: Date;
  timeZone: string;
  refund: { amount: string; done: boolean } | null;
  origin: string;
  cause: SlotCancelCause;
}): EmailMessage {
  const link = `${input.origin}/profile#wallet`;
  const refundLine = !input.refund
    ? "Nothing was left to refund on this order."
    : input.refund.done
      ? `You got a full refund of ${input.refund.amount} to your Noobrd wallet, available now for your next booking.`
      : `A full refund of ${input.refund.amount} to your Noobrd wallet is under way; we will email you as soon as it is there.`;
  const lines = [
    `Hi ${input.name},`,
    slotCancelledLine(input.cause, `${input.title} (${formatSlotTime(input.startsAt, null, input.timeZone)})`),
    refundLine,
  ];
  return linesEmail({
    to: input.to,
    subject: `Cancelled: ${input.title}, full refund to your wallet`,
    lines,
    link: { label: "Your wallet", url: link },
  });
}
