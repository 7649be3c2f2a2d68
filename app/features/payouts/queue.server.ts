import { desc, eq, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { earningOrder, orderNetMinor, orderNetUsdMinor } from "~/features/earnings";
import { money } from "~/lib/money";
import { totalsByCurrency } from "~/lib/money-math";
import { col, getDb, named } from "~/platform/db.server";
import { orders, users } from "~db/schema";
import { inNoActivePayout, payableOrder } from "./orders.server";
import { sessionStart, VALIDATION_WINDOW_MS } from "./validations.server";

/**
 * Finance's way in (the staff dashboard): the streamers with paid sessions still to validate in the validation
 * window, or validated orders in no payout yet, with what payouts of them would gross: one total per currency
 * (`payableTotals`), ordered by their USD worth at each order's own rate (`payableMinor`), largest first.
 */
export async function payoutWorkQueue(env: Env, viewer: Viewer | null, now = new Date(), limit = 50) {
  assertStaff(viewer, "payouts");
  const toValidate = sql`${col(orders.validatedAt)} IS NULL AND ${sessionStart} BETWEEN ${now.getTime() - VALIDATION_WINDOW_MS} AND ${now.getTime()}`;
  const payable = sql`(${payableOrder()}) AND ${inNoActivePayout()}`;
  const rows = await getDb(env)
    .select(
      named({
        streamerId: users.id,
        fullName: users.fullName,
        username: users.username,
        toValidate: sql<number>`sum(CASE WHEN ${toValidate} THEN 1 ELSE 0 END)`,
        payable: sql<number>`sum(CASE WHEN ${payable} THEN 1 ELSE 0 END)`,
        payableMinor: sql<number>`sum(CASE WHEN ${payable} THEN ${orderNetUsdMinor} ELSE 0 END)`,
        payableUsd: sql<number>`sum(CASE WHEN ${payable} AND ${col(orders.currency)} = 'USD' THEN ${orderNetMinor} ELSE 0 END)`,
        payableInr: sql<number>`sum(CASE WHEN ${payable} AND ${col(orders.currency)} = 'INR' THEN ${orderNetMinor} ELSE 0 END)`,
      }),
    )
    .from(orders)
    .innerJoin(users, eq(users.id, orders.streamerId))
    .where(earningOrder())
    .groupBy(users.id)
    .having(sql`sum(CASE WHEN ${toValidate} THEN 1 ELSE 0 END) > 0 OR sum(CASE WHEN ${payable} THEN 1 ELSE 0 END) > 0`)
    .orderBy(desc(sql`payableMinor`), desc(sql`toValidate`))
    .limit(limit);
  return rows.map(({ payableUsd, payableInr, ...r }) => ({
    ...r,
    toValidate: Number(r.toValidate),
    payable: Number(r.payable),
    payableMinor: Number(r.payableMinor),
    payableTotals: totalsByCurrency([money(Number(payableInr), "INR"), money(Number(payableUsd), "USD")]).filter(
      (total) => total.amountMinor !== 0,
    ),
  }));
}
