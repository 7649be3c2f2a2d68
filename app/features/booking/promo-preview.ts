import { formatMoney, type Money } from "~/lib/money";

/** The booking form's Apply step: the code's discount and the new total, or why it does not apply, in words. */
export type PromoPreview =
  | { ok: true; code: string; before: Money; discount: Money; total: Money }
  | { ok: false; code: string; message: string };

/** The form's intent of the Apply button (the page's action answers it with a PromoPreview). */
export const APPLY_PROMO_INTENT = "apply-promo";

/** A preview as one sentence: "FIFTYOFF: ₹500 off. New total ₹1,499 (was ₹1,999)." or the refusal. */
export function promoPreviewText(preview: PromoPreview): string {
  if (!preview.ok) return preview.message;
  return `${preview.code}: ${formatMoney(preview.discount)} off. New total ${formatMoney(preview.total)} (was ${formatMoney(preview.before)}).`;
}
