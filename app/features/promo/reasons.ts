/** The specified message of every promo refusal (docs/domain.md, Messages). */
export const PROMO_ERROR = "Error verifying promo code";

/**
 * Why a code does not apply: the API answers PROMO_ERROR as its `message` (the specified wording) and the reason
 * beside it; the booking form says the reason in words (PROMO_REASON_TEXT), so a fan can tell a typo from a
 * code that ran out.
 */
export const PROMO_REASONS = [
  "unknown",
  "inactive",
  "expired",
  "other_streamer",
  "used_up",
  "already_used",
  "other_currency",
] as const;
export type PromoReason = (typeof PROMO_REASONS)[number];

export const PROMO_REASON_TEXT: Record<PromoReason, string> = {
  unknown: "There is no promo code by that name. Check the spelling.",
  inactive: "This promo code is switched off.",
  expired: "This promo code has expired.",
  other_streamer: "This promo code is for another streamer's gigs.",
  used_up: "This promo code has been used as many times as it can be.",
  already_used: "You have already used this promo code as many times as it allows.",
  other_currency: "This promo code takes an amount off orders paid in another currency.",
};

/** The words for a refusal's reason, or the specified message when the reason is not one of ours. */
export function promoRefusalText(reason: string | undefined | null): string {
  return reason && reason in PROMO_REASON_TEXT ? PROMO_REASON_TEXT[reason as PromoReason] : PROMO_ERROR;
}
