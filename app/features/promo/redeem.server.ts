import { and, eq, type SQL, sql } from "drizzle-orm";
import { AppError } from "~/lib/errors";
import { newId } from "~/lib/id";
import type { CurrencyCode } from "~/lib/money";
import { col, type Db } from "~/platform/db.server";
import { promoCodes, promoRedemptions } from "~db/schema";
import type { PromoReason } from "./reasons";

/**
 * Promo codes on the fan's side: quoting a code for a purchase (GET /api/verify-promo-code and the order
 * form) and redeeming it in the same batch as the order. The quote reads; the redemption is the write that
 * counts, a conditional insert that re-checks the active flag, expiry, scope and both use limits
 * (db/schema/promo.ts), so a code can never be used beyond its limits however many buyers race.
 */
export { PROMO_ERROR } from "./reasons";

import { PROMO_ERROR, promoRefusalText } from "./reasons";

/**
 * A code that does not apply: the specified message for the API, the reason beside it, and `words` saying it as a
 * fan reads it ("FIFTYOFF works only on orders paid in rupees") for the booking form.
 */
export class PromoRefusal extends AppError {
  readonly words: string;
  constructor(reason: PromoReason, code: string, currency?: CurrencyCode | null) {
    super(400, PROMO_ERROR, "promoCode", reason);
    this.name = "PromoRefusal";
    this.words = promoRefusalText(reason, { code, currency });
  }
}

/** The fan's words for a failure when it is a promo refusal, else null. */
export function promoRefusalWords(error: unknown): string | null {
  return error instanceof PromoRefusal ? error.words : null;
}

export type PromoQuote = {
  promoCodeId: string;
  code: string;
  kind: "percent" | "fixed";
  value: number;
  discountMinor: number;
  amountMinor: number;
};

type QuoteInput = {
  code: string;
  userId: string;
  /** The streamer paid: a streamer-scoped code applies only to their gigs. */
  streamerId: string;
  priceMinor: number;
  currency: CurrencyCode;
  now: Date;
};

function discountFor(
  promo: { kind: "percent" | "fixed"; value: number; currency: CurrencyCode | null },
  priceMinor: number,
  currency: CurrencyCode,
): number | null {
  if (promo.kind === "percent") return Math.min(priceMinor, Math.floor((priceMinor * promo.value) / 10_000));
  if (promo.currency !== currency) return null;
  return Math.min(priceMinor, promo.value);
}

/** Whether `code` applies to this purchase and buyer, and the discount; throws 400 PROMO_ERROR otherwise. */
export async function quotePromo(db: Db, input: QuoteInput): Promise<PromoQuote> {
  const code = input.code.trim().toUpperCase();
  const [promo] = await db
    .select({
      id: promoCodes.id,
      code: promoCodes.code,
      kind: promoCodes.kind,
      value: promoCodes.value,
      currency: promoCodes.currency,
      expiresAt: promoCodes.expiresAt,
      isActive: promoCodes.isActive,
      streamerId: promoCodes.streamerId,
      maxUses: promoCodes.maxUses,
      maxUsesPerUser: promoCodes.maxUsesPerUser,
      uses: sql<number>`(SELECT count(*) FROM promo_redemptions r WHERE r.promo_code_id = ${col(promoCodes.id)})`,
      userUses: sql<number>`(SELECT count(*) FROM promo_redemptions r WHERE r.promo_code_id = ${col(promoCodes.id)} AND r.user_id = ${input.userId})`,
    })
    .from(promoCodes)
    .where(eq(promoCodes.code, code))
    .limit(1);
  const refused = (reason: PromoReason) => new PromoRefusal(reason, code, promo?.currency);
  if (!promo) throw refused("unknown");
  if (!promo.isActive) throw refused("inactive");
  if (promo.expiresAt && promo.expiresAt.getTime() <= input.now.getTime()) throw refused("expired");
  if (promo.streamerId && promo.streamerId !== input.streamerId) throw refused("other_streamer");
  if (promo.maxUses !== null && Number(promo.uses) >= promo.maxUses) throw refused("used_up");
  if (promo.maxUsesPerUser !== null && Number(promo.userUses) >= promo.maxUsesPerUser) throw refused("already_used");
  const discountMinor = discountFor(promo, input.priceMinor, input.currency);
  if (discountMinor === null) throw refused("other_currency");
  return {
    promoCodeId: promo.id,
    code: promo.code,
    kind: promo.kind,
    value: promo.value,
    discountMinor,
    amountMinor: input.priceMinor - discountMinor,
  };
}

/**
 * The redemption as a conditional insert: it inserts a row only while the code is active, unexpired, in
 * scope and under both limits. The caller chains its order's other writes on this row existing.
 */
export function redemptionStatement(
  db: Db,
  input: {
    promoCodeId: string;
    userId: string;
    orderId: string;
    streamerId: string;
    discountMinor: number;
    now: Date;
  },
) {
  const at = input.now.getTime();
  return db.insert(promoRedemptions).select(
    db
      .select({
        id: sql<string>`${newId()}`.as("id"),
        promoCodeId: promoCodes.id,
        userId: sql<string>`${input.userId}`.as("user_id"),
        orderId: sql<string>`${input.orderId}`.as("order_id"),
        discountMinor: sql<number>`${input.discountMinor}`.as("discount_minor"),
        createdAt: sql<Date>`${at}`.as("created_at"),
      })
      .from(promoCodes)
      .where(
        and(
          eq(promoCodes.id, input.promoCodeId),
          sql`${promoCodes.isActive} = 1`,
          sql`(${promoCodes.expiresAt} IS NULL OR ${promoCodes.expiresAt} > ${at})`,
          sql`(${promoCodes.streamerId} IS NULL OR ${promoCodes.streamerId} = ${input.streamerId})`,
          sql`(${promoCodes.maxUses} IS NULL OR (SELECT count(*) FROM promo_redemptions r WHERE r.promo_code_id = ${col(promoCodes.id)}) < ${col(promoCodes.maxUses)})`,
          sql`(${promoCodes.maxUsesPerUser} IS NULL OR (SELECT count(*) FROM promo_redemptions r WHERE r.promo_code_id = ${col(promoCodes.id)} AND r.user_id = ${input.userId}) < ${col(promoCodes.maxUsesPerUser)})`,
        ),
      ),
  );
}

/**
 * THE promo give-back: a code's use is returned (its redemption row deleted) for each order in `orderIds` (SQL: a
 * parenthesised list or subquery of order ids) that delivered nothing: an order that was never paid (cancelled), or
 * one whose booking was cancelled (by the fan or the streamer) or whose hold expired. For the caller's batch, after
 * the statement that made it so; an order still delivering keeps its use.
 */
export function givePromoUseBackStatement(db: Db, orderIds: SQL) {
  return db.delete(promoRedemptions).where(
    sql`${promoRedemptions.orderId} IN ${orderIds} AND (
        EXISTS (SELECT 1 FROM orders o WHERE o.id = ${promoRedemptions.orderId} AND o.status = 'cancelled')
        OR EXISTS (SELECT 1 FROM bookings b WHERE b.order_id = ${promoRedemptions.orderId} AND b.status IN ('cancelled', 'expired')))`,
  );
}
