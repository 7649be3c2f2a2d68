import { eq } from "drizzle-orm";
import type { UserNotification } from "~/features/notifications/index.server";
import { escapeHtml } from "~/lib/html";
import { type CurrencyCode, formatMoney, money } from "~/lib/money";
import { orderPath } from "~/lib/paths";
import { getDb } from "~/platform/db.server";
import type { EmailMessage } from "~/platform/email/email.server";
import { appOrigin } from "~/platform/env.server";
import { orders, refunds, users } from "~db/schema";

/** The outbox template of "your refund was carried out", sent when the fan had been told it was under way. */
export const REFUND_DONE_TEMPLATE = "refund-done";

async function refundFacts(env: Env, refundId: string) {
  const [row] = await getDb(env)
    .select({
      userId: orders.userId,
      orderId: orders.id,
      email: users.email,
      name: users.fullName,
      amountMinor: refunds.amountMinor,
      currency: refunds.currency,
      method: refunds.method,
      status: refunds.status,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(refunds.id, refundId));
  return row?.status === "succeeded" ? row : null;
}

const doneText = (amountMinor: number, currency: CurrencyCode, method: "card" | "wallet") =>
  method === "card"
    ? `Your refund of ${formatMoney(money(amountMinor, currency))} is on its way to your card: it shows there in 5–10 days.`
    : `Your refund of ${formatMoney(money(amountMinor, currency))} is now in your Noobrd wallet.`;

export async function refundDoneEmail(env: Env, refundId: string): Promise<EmailMessage | null> {
  const facts = await refundFacts(env, refundId);
  if (!facts?.email) return null;
  const toCard = facts.method === "card";
  const link = toCard ? `${appOrigin(env)}${orderPath(facts.orderId)}` : `${appOrigin(env)}/profile#wallet`;
  const label = toCard ? "Your order" : "Your wallet";
  const text = doneText(facts.amountMinor, facts.currency, facts.method);
  return {
    to: facts.email,
    subject: toCard ? "Your refund is on its way to your card" : "Your refund is in your wallet",
    text: `Hi ${facts.name},\n\n${text}\nOrder ${facts.orderId}.\n\n${label}: ${link}\n`,
    html: `<p>Hi ${escapeHtml(facts.name)},</p><p>${escapeHtml(text)}</p><p>Order ${facts.orderId}.</p><p><a href="${escapeHtml(link)}">${label}</a></p>`,
  };
}

export async function refundDoneNotice(env: Env, refundId: string): Promise<UserNotification | null> {
  const facts = await refundFacts(env, refundId);
  if (!facts) return null;
  return {
    userId: facts.userId,
    type: "booking",
    title: doneText(facts.amountMinor, facts.currency, facts.method),
    url: facts.method === "card" ? orderPath(facts.orderId) : "/profile#wallet",
  };
}
