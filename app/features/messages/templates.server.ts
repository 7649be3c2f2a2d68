import {
  bookingCancelledMail,
  slotCancelledMail,
  slotCancelledNotice,
} from "~/features/booking/cancel-messages.server";
import {
  bookingConfirmedEmail,
  bookingConfirmedNotice,
  lateRefundEmail,
  lateRefundNotice,
} from "~/features/booking/confirmation.server";
import { vipRefundedNotice } from "~/features/live/vip-messages.server";
import type { UserNotification } from "~/features/notifications/notify.server";
import { payoutCompletedNotice } from "~/features/payouts/payout-messages.server";
import { waitlistOfferEmail, waitlistOfferNotice } from "~/features/waitlist/offer-messages.server";
import { refundDoneEmail, refundDoneNotice } from "~/features/wallet/refund-messages.server";
import type { EmailMessage } from "~/platform/email/email.server";
import type { OutboxMessage } from "~db/schema";

/**
 * Every outbox template (db/schema/outbox.ts) and how it renders on each channel, in one place. A renderer reads
 * what it needs when the message is delivered and answers null when there is nothing to send any more (no email
 * address, the change was undone). The features that write the rows name the templates; this table is the only
 * place that knows them all.
 */
type Render<T> = (env: Env, id: string) => Promise<T | null>;
type Template = { param: string; email?: Render<EmailMessage>; notification?: Render<UserNotification> };

const TEMPLATES: Record<string, Template> = {
  "booking-confirmed": { param: "orderId", email: bookingConfirmedEmail, notification: bookingConfirmedNotice },
  "late-refund": { param: "orderId", email: lateRefundEmail, notification: lateRefundNotice },
  "slot-cancelled": { param: "bookingId", email: slotCancelledMail, notification: slotCancelledNotice },
  "booking-cancelled": { param: "bookingId", email: bookingCancelledMail },
  "refund-done": { param: "refundId", email: refundDoneEmail, notification: refundDoneNotice },
  "vip-refunded": { param: "entryId", notification: vipRefundedNotice },
  "payout-completed": { param: "payoutId", notification: payoutCompletedNotice },
  "waitlist-offer": { param: "entryId", email: waitlistOfferEmail, notification: waitlistOfferNotice },
};

export type Rendered =
  | { channel: "email"; email: EmailMessage }
  | { channel: "notification"; notification: UserNotification };

/**
 * A notification whose words are fixed when the change happens ("your wallet was topped up with $20.00"): the row
 * carries it whole (`noticeEntry`), so delivery only writes it.
 */
export const NOTICE_TEMPLATE = "notice";

export async function renderMessage(env: Env, row: OutboxMessage): Promise<Rendered | null> {
  if (row.template === NOTICE_TEMPLATE && row.channel === "notification") {
    return { channel: "notification", notification: row.params as unknown as UserNotification };
  }
  const template = TEMPLATES[row.template];
  if (!template) throw new Error(`unknown outbox template ${row.template}`);
  const params = (row.params ?? {}) as Record<string, unknown>;
  const id = params[template.param];
  if (typeof id !== "string") throw new Error(`outbox ${row.id}: ${template.param} missing`);
  if (row.channel === "email") {
    if (!template.email) throw new Error(`outbox template ${row.template} has no email`);
    const email = await template.email(env, id);
    return email ? { channel: "email", email } : null;
  }
  if (!template.notification) throw new Error(`outbox template ${row.template} has no notification`);
  const notification = await template.notification(env, id);
  return notification ? { channel: "notification", notification } : null;
}
