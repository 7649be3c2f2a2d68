/**
 * Earnings net of the platform fee, in integer minor units. The fee is the streamer's platform-fee
 * percentage in basis points (2000 = 20%) of what the buyers paid net of refunds, rounded ONCE, half up,
 * on the total it is shown for (a window's total is not the sum of rounded lines).
 */
export function platformFee(grossMinor: number, feeBps: number): number {
  if (grossMinor <= 0) return 0;
  return Math.floor((grossMinor * feeBps + 5000) / 10000);
}

export function netOfFee(grossMinor: number, feeBps: number) {
  const fee = platformFee(grossMinor, feeBps);
  return { grossMinor, feeMinor: fee, netMinor: grossMinor - fee };
}

/** docs/domain.md: earnings windows of 7, 30 and 90 days. */
export const EARNINGS_WINDOWS = [7, 30, 90] as const;
export type EarningsWindow = (typeof EARNINGS_WINDOWS)[number];
