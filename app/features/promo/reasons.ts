import type { CurrencyCode } from "~/lib/money";

/** The specified message of every promo refusal (docs/domain.md, "Copy"). */
export const PROMO_ERROR = "Error verifying promo code";

/**
 * Why a code does not apply: the API answers PROMO_ERROR as its `message` (the specified wording) and the reason
 * beside it; the booking form says the reason in words (promoRefusalText), once, under the field, so a fan can
 * tell a typo from a code that ran out.
 */
const PROMO_REASONS = [
  "unknown",
  "inactive",
  "expired",
  "other_streamer",
  "used_up",
  "already_used",
  "other_currency",
] as const;
export type PromoReason = (typeof PROMO_REASONS)[number];

/** The currency a fan pays in, as a fan says it ("works only on orders paid in rupees"). */
const PAID_IN: Record<CurrencyCode, string> = { USD: "US dollars", INR: "rupees" };

/** What the refusal is about: the code as the fan typed it and, for a fixed amount off, the code's currency. */
export type PromoRefusalSubject = { code: string; currency?: CurrencyCode | null };

const REASON_TEXT: Record<PromoReason, (subject: PromoRefusalSubject) => string> = {
  unknown: ({ code }) => `There is no promo code ${code}. Check the spelling.`,
  inactive: ({ code }) => `${code} is not active any more.`,
  expired: ({ code }) => `${code} has expired.`,
  other_streamer: ({ code }) => `${code} works only on another streamer's gigs.`,
  used_up: ({ code }) => `${code} has been used as many times as it can be.`,
  already_used: ({ code }) => `You have already used ${code} as many times as it allows.`,
  other_currency: ({ code, currency }) =>
    currency ? `${code} works only on orders paid in ${PAID_IN[currency]}.` : `${code} works only in another currency.`,
};

/** The words for a refusal, or the specified message when the reason is not one of ours. */
export function promoRefusalText(reason: string | undefined | null, subject: PromoRefusalSubject): string {
  const code = subject.code.trim().toUpperCase() || "That code";
  return reason && reason in REASON_TEXT ? REASON_TEXT[reason as PromoReason]({ ...subject, code }) : PROMO_ERROR;
}
