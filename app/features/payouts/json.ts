import type { CurrencyCode } from "~/lib/money";
import type { PayoutRates, PayoutTotals } from "./totals";

/** A payout in the API's JSON (docs/domain.md names: percentages, merged orders; amounts in minor units). */
export function payoutJson(
  p: PayoutTotals &
    PayoutRates & {
      id: string;
      status: string;
      periodStart: Date;
      periodEnd: Date;
      currency: CurrencyCode;
      orders?: number;
      createdAt?: Date;
      completedAt?: Date | null;
      removedAt?: Date | null;
      hasSpreadsheet?: boolean;
    },
) {
  return {
    _id: p.id,
    status: p.status,
    startTime: p.periodStart.toISOString(),
    endTime: p.periodEnd.toISOString(),
    currency: p.currency,
    mergedOrders: p.orders,
    gross: p.grossMinor,
    platformFeesPercentage: p.platformFeeBps / 100,
    platformFees: p.platformFeeMinor,
    platformFeesIndirectTaxPercentage: p.platformFeeIndirectTaxBps / 100,
    platformFeesIndirectTax: p.platformFeeIndirectTaxMinor,
    indirectTaxPercentage: p.indirectTaxBps / 100,
    indirectTax: p.indirectTaxMinor,
    tdsPercentage: p.tdsBps / 100,
    tds: p.tdsMinor,
    net: p.netMinor,
    createdAt: p.createdAt?.toISOString(),
    completedAt: p.completedAt?.toISOString() ?? null,
    removedAt: p.removedAt?.toISOString() ?? null,
    spreadsheet: p.hasSpreadsheet ?? false,
  };
}

/** An order as payout and validation screens list it: `amount` is its net (`orderNetMinor`, earning-order.ts). */
export function payoutOrderJson(o: {
  id: string;
  kind: string;
  netMinor: number;
  currency: CurrencyCode;
  paidAt: Date | null;
  validatedAt: Date | null;
  buyer: string;
  sessionAt: Date | null;
  title: string | null;
}) {
  return {
    _id: o.id,
    kind: o.kind,
    title: o.title,
    buyer: o.buyer,
    amount: o.netMinor,
    currency: o.currency,
    startTime: o.sessionAt?.toISOString() ?? null,
    paidAt: o.paidAt?.toISOString() ?? null,
    validated: o.validatedAt !== null,
    validatedAt: o.validatedAt?.toISOString() ?? null,
  };
}
