import type { UserNotification } from "~/features/notifications/index.server";
import { formatSlotTime, recipientZone } from "~/features/time";
import { latestSettledRefund, orderRefunds, owedRefundsOf } from "~/features/wallet/index.server";
import { formatMoney } from "~/lib/money";
import { orderPath } from "~/lib/paths";
import { getDb } from "~/platform/db.server";
import type { EmailMessage } from "~/platform/email/email.server";
import { appOrigin } from "~/platform/env.server";
import type { OutboxEntry } from "~/platform/outbox.server";
import { REFUND_CHOICE_TEXT } from "./cancellation-policy";
import { linesEmail, type SlotCancelCause, slotCancelledEmail } from "./emails";
import { bookingInvite, inviteAttachment, invitePeople } from "./invite.server";
import { bookingMessageFacts, streamerToTell } from "./message-facts.server";

/**
 * The outbox messages of a cancelled booking: by its streamer or staff (templates SLOT_CANCELLED_TEMPLATE and STREAMER_REMOVED_TEMPLATE in slot-cancel.server.ts) or
 * by its fan (BOOKING_CANCELLED_TEMPLATE below), rendered when delivered: the refund reads as done or under way, as it is at that moment.
 */
async function cancelledFacts(env: Env, bookingId: string) {
  const db = getDb(env);
  const row = await bookingMessageFacts(env, bookingId);
  if (row?.status !== "cancelled") return null;
  const owed = (await owedRefundsOf(db, [row.orderId])).get(row.orderId);
  const settled = owed ? null : await latestSettledRefund(db, row.orderId);
  const refund = owed
    ? { amount: formatMoney(owed), done: false }
    : settled
      ? { amount: formatMoney(settled), done: true }
      : null;
  return { ...row, refund };
}

type CancelledFacts = NonNullable<Awaited<ReturnType<typeof cancelledFacts>>>;

/**
 * The METHOD:CANCEL invite of a cancelled booking, with the UID and a higher SEQUENCE than its last invite's, so the
 * event the confirmation put in the fan's calendar leaves it, whoever cancelled.
 */
function cancelInvite(env: Env, facts: CancelledFacts, to: string) {
  const invite = bookingInvite(
    {
      orderId: facts.orderId,
      title: `Noobrd: ${facts.title ?? "game session"}`,
      startsAt: facts.startsAt,
      endsAt: facts.endsAt,
      url: `${appOrigin(env)}${orderPath(facts.orderId)}`,
      timeZone: recipientZone(facts.timeZone),
      ...invitePeople(env, { email: to, name: facts.name || facts.username }, facts.streamerName),
    },
    "cancel",
    facts.inviteSequence,
  );
  return inviteAttachment(invite, "cancel");
}

async function cancelledBySomeoneElseMail(env: Env, bookingId: string, cause: SlotCancelCause) {
  const facts = await cancelledFacts(env, bookingId);
  if (!facts?.email) return null;
  const email = slotCancelledEmail({
    cause,
    to: facts.email,
    name: facts.name || facts.username,
    title: facts.title ?? "your session",
    startsAt: facts.startsAt,
    timeZone: recipientZone(facts.timeZone),
    refund: facts.refund,
    origin: appOrigin(env),
  });
  return { ...email, attachments: [cancelInvite(env, facts, facts.email)] };
}

const CAUSE_WORDS: Record<SlotCancelCause, string> = {
  streamer: "the streamer cancelled it",
  removed: "its streamer left Noobrd",
  no_show: "the streamer did not start it",
};

async function cancelledBySomeoneElseNotice(env: Env, bookingId: string, cause: SlotCancelCause) {
  const facts = await cancelledFacts(env, bookingId);
  if (!facts) return null;
  const why = CAUSE_WORDS[cause];
  return {
    userId: facts.userId,
    type: "booking",
    title:
      facts.refund?.done === false
        ? `Your session is cancelled (${why}); your full refund to your wallet is under way`
        : `Your session is cancelled (${why}); you got a full refund to your wallet`,
    url: "/profile#wallet",
  } satisfies UserNotification;
}

/** The streamer cancelled the slot (template "slot-cancelled"). */
export const slotCancelledMail = (env: Env, bookingId: string): Promise<EmailMessage | null> =>
  cancelledBySomeoneElseMail(env, bookingId, "streamer");
export const slotCancelledNotice = (env: Env, bookingId: string): Promise<UserNotification | null> =>
  cancelledBySomeoneElseNotice(env, bookingId, "streamer");
/** Staff removed the streamer, and the slot with them (template "streamer-removed"). */
export const streamerRemovedMail = (env: Env, bookingId: string): Promise<EmailMessage | null> =>
  cancelledBySomeoneElseMail(env, bookingId, "removed");
export const streamerRemovedNotice = (env: Env, bookingId: string): Promise<UserNotification | null> =>
  cancelledBySomeoneElseNotice(env, bookingId, "removed");
/** The streamer did not start the slot: the no-show cron cancelled it (template "no-show-cancelled"). */
export const noShowCancelledMail = (env: Env, bookingId: string): Promise<EmailMessage | null> =>
  cancelledBySomeoneElseMail(env, bookingId, "no_show");
export const noShowCancelledNotice = (env: Env, bookingId: string): Promise<UserNotification | null> =>
  cancelledBySomeoneElseNotice(env, bookingId, "no_show");

/** The outbox template of the fan's own cancellation email (one per booking), rendered when delivered. */
const BOOKING_CANCELLED_TEMPLATE = "booking-cancelled";

export function bookingCancelledEmailEntry(bookingId: string): OutboxEntry {
  return {
    key: `${BOOKING_CANCELLED_TEMPLATE}:${bookingId}:email`,
    channel: "email",
    template: BOOKING_CANCELLED_TEMPLATE,
    params: { bookingId },
  };
}

/** "You cancelled your booking": what was refunded and where, and the choice the policy gives. */
export function bookingCancelledMail(env: Env, bookingId: string): Promise<EmailMessage | null> {
  return refundedBookingMail(env, bookingId, (facts, when) => ({
    subject: `Cancelled: ${facts.title ?? "your session"}`,
    opening: `You cancelled ${facts.title ?? "your session"} (${when}).`,
    closing: `A refund of a card payment goes where you choose when you cancel: ${REFUND_CHOICE_TEXT}. A wallet payment is refunded to your wallet.`,
  }));
}

/** The outbox template of the fan's one-tap refund of a session its streamer did not start (one per booking). */
export const NO_SHOW_REFUNDED_TEMPLATE = "no-show-refunded";

/** "The streamer did not start: you got a full refund", to the card or the wallet, with the calendar's cancellation. */
export function noShowRefundedMail(env: Env, bookingId: string): Promise<EmailMessage | null> {
  return refundedBookingMail(env, bookingId, (facts, when) => ({
    subject: `Refunded: ${facts.title ?? "your session"} was not started`,
    opening: `The streamer did not start ${facts.title ?? "your session"} (${when}), and you took the full refund.`,
    closing: "The session is taken off your calendar.",
  }));
}

/**
 * The email of a booking cancelled with a refund its fan chose (their own cancellation, the no-show tap): what was
 * refunded and where (the order's newest refund, owed or done), and the METHOD:CANCEL invite that takes the event off
 * their calendar.
 */
async function refundedBookingMail(
  env: Env,
  bookingId: string,
  words: (facts: CancelledFacts, when: string) => { subject: string; opening: string; closing: string },
): Promise<EmailMessage | null> {
  const facts = await cancelledFacts(env, bookingId);
  if (!facts?.email) return null;
  const refund = (await orderRefunds(getDb(env), facts.orderId)).at(-1) ?? null;
  const amount = refund ? formatMoney(refund) : null;
  const refundLine = !refund
    ? "There is no refund this close to the start (see the Cancellation Policy)."
    : refund.method === "card"
      ? `${amount} is being refunded to the card you paid with: it shows there in 5–10 days.`
      : `${amount} was refunded to your Noobrd wallet, instantly: it is there now for your next booking.`;
  const link =
    refund?.method === "card" ? `${appOrigin(env)}${orderPath(facts.orderId)}` : `${appOrigin(env)}/profile#wallet`;
  const text = words(facts, formatSlotTime(facts.startsAt, null, recipientZone(facts.timeZone)));
  const email = linesEmail({
    to: facts.email,
    subject: text.subject,
    lines: [`Hi ${facts.name || facts.username},`, text.opening, refundLine, text.closing],
    link: { label: "Your order", url: link },
  });
  return { ...email, attachments: [cancelInvite(env, facts, facts.email)] };
}

/** The outbox template of "a fan cancelled their booking", told to the slot's streamer (one per booking). */
const FAN_CANCELLED_TEMPLATE = "fan-cancelled";

export function fanCancelledEntries(bookingId: string): OutboxEntry[] {
  return (["email", "notification"] as const).map((channel) => ({
    key: `${FAN_CANCELLED_TEMPLATE}:${bookingId}:${channel}`,
    channel,
    template: FAN_CANCELLED_TEMPLATE,
    params: { bookingId },
  }));
}

/** The streamer's side of a fan's cancellation: who cancelled which gig at what time, in the streamer's zone. */
async function fanCancelledFacts(env: Env, bookingId: string) {
  const facts = await cancelledFacts(env, bookingId);
  if (!facts?.streamerId) return null;
  const streamer = await streamerToTell(env, facts.streamerId);
  if (!streamer) return null;
  const when = formatSlotTime(facts.startsAt, facts.endsAt, recipientZone(streamer.timeZone));
  const fan = facts.name || facts.username;
  return { streamer, line: `${fan} cancelled their booking of ${facts.title ?? "your session"} at ${when}.` };
}

export async function fanCancelledMail(env: Env, bookingId: string): Promise<EmailMessage | null> {
  const facts = await fanCancelledFacts(env, bookingId);
  if (!facts?.streamer.email) return null;
  const link = `${appOrigin(env)}/influencer/calendar-dashboard`;
  const lines = [
    `Hi ${facts.streamer.name || facts.streamer.username},`,
    facts.line,
    "The seats are free again for other fans.",
  ];
  return linesEmail({
    to: facts.streamer.email,
    subject: "A fan cancelled their booking",
    lines,
    link: { label: "Your calendar", url: link },
  });
}

export async function fanCancelledNotice(env: Env, bookingId: string): Promise<UserNotification | null> {
  const facts = await fanCancelledFacts(env, bookingId);
  if (!facts) return null;
  return { userId: facts.streamer.id, type: "booking", title: facts.line, url: "/influencer/calendar-dashboard" };
}
