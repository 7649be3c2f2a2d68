import type { CurrencyCode } from "~/lib/money";
/**
 * A payout's totals (docs/domain.md, docs/domain.md "Payout"), in integer minor units of one
 * currency. From the orders merged into it and the percentages snapshotted on it:
 *
 *   gross                    = what the buyers paid for those orders, net of refunds
 *   platform fee             = gross x the streamer's platform-fee percentage
 *   platform-fee indirect tax = platform fee x its indirect-tax percentage (default 18%)
 *   indirect tax             = gross x the indirect-tax percentage (default 18%)
 *   TDS                      = gross x the TDS percentage (default 0.1%)
 *   net (paid to the streamer) = gross - platform fee - platform-fee indirect tax - indirect tax - TDS
 *
 * Each amount is rounded once, half up, by `percentShare` (the one rounding place): the platform-fee indirect
 * tax is a tax on the fee as charged (an integer amount), and nothing computed from a rounded amount is
 * rounded again. Percentages are basis points (1800 = 18%, 10 = 0.1%).
 */
export type PayoutRates = {
  platformFeeBps: number;
  platformFeeIndirectTaxBps: number;
  indirectTaxBps: number;
  tdsBps: number;
};

/** docs/domain.md's default payout taxes, in basis points: 18%, 18%, 0.1%. */
export const DEFAULT_PAYOUT_TAX_BPS = {
  platformFeeIndirectTaxBps: 1800,
  indirectTaxBps: 1800,
  tdsBps: 10,
} as const satisfies Omit<PayoutRates, "platformFeeBps">;

/** An order as a payout counts it: its net (`netMinor`: `orderNetMinor` of app/features/earnings/earning-order.ts). */
export type PayoutOrder = { netMinor: number };

export type PayoutTotals = {
  grossMinor: number;
  platformFeeMinor: number;
  platformFeeIndirectTaxMinor: number;
  indirectTaxMinor: number;
  tdsMinor: number;
  netMinor: number;
};

/** `bps` basis points of `amountMinor`, rounded half up to a whole minor unit (exact integer maths). */
export function percentShare(amountMinor: number, bps: number): number {
  if (!Number.isSafeInteger(amountMinor) || !Number.isInteger(bps) || bps < 0) {
    throw new RangeError(`percentShare needs integer minor units and basis points (${amountMinor}, ${bps})`);
  }
  if (amountMinor <= 0) return 0;
  return Number((BigInt(amountMinor) * BigInt(bps) + 5000n) / 10000n);
}

/** The percentages of the platform's fee: the fee, and the indirect tax (GST) on the fee. */
type PlatformFeeRates = Pick<PayoutRates, "platformFeeBps" | "platformFeeIndirectTaxBps">;

/**
 * THE platform fee of an amount and the indirect tax (GST) on that fee: the fee is `platformFeeBps` of the amount, its
 * tax `platformFeeIndirectTaxBps` of the fee as charged, each rounded once (`percentShare`). A payout takes them from
 * its gross; a session pack's or a VIP pass's invoice from its price (docs/decisions/040).
 */
export function platformFeeOf(amountMinor: number, rates: PlatformFeeRates) {
  const platformFeeMinor = percentShare(amountMinor, rates.platformFeeBps);
  return {
    platformFeeMinor,
    platformFeeIndirectTaxMinor: percentShare(platformFeeMinor, rates.platformFeeIndirectTaxBps),
  };
}

/** The totals of a payout over these orders with these percentages. */
export function payoutTotals(orders: readonly PayoutOrder[], rates: PayoutRates): PayoutTotals {
  const grossMinor = orders.reduce((sum, order) => sum + order.netMinor, 0);
  const { platformFeeMinor, platformFeeIndirectTaxMinor } = platformFeeOf(grossMinor, rates);
  const indirectTaxMinor = percentShare(grossMinor, rates.indirectTaxBps);
  const tdsMinor = percentShare(grossMinor, rates.tdsBps);
  return {
    grossMinor,
    platformFeeMinor,
    platformFeeIndirectTaxMinor,
    indirectTaxMinor,
    tdsMinor,
    netMinor: grossMinor - platformFeeMinor - platformFeeIndirectTaxMinor - indirectTaxMinor - tdsMinor,
  };
}

/** The orders of one currency, with the totals a payout of all of them would have. */
export type CurrencyGroup<T extends PayoutOrder> = { currency: CurrencyCode; orders: T[]; totals: PayoutTotals };

/**
 * Orders grouped by currency, one group per payout to propose: a payout settles orders of one currency
 * (docs/decisions/020), so amounts of different currencies are never added. Groups in currency-code order, each
 * group's orders in the order given.
 */
export function payoutsByCurrency<T extends PayoutOrder & { currency: CurrencyCode }>(
  orders: readonly T[],
  rates: PayoutRates,
): CurrencyGroup<T>[] {
  const byCurrency = new Map<CurrencyCode, T[]>();
  for (const order of orders) {
    const group = byCurrency.get(order.currency);
    if (group) group.push(order);
    else byCurrency.set(order.currency, [order]);
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, group]) => ({ currency, orders: group, totals: payoutTotals(group, rates) }));
}
