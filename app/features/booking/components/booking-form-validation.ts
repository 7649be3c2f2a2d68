import { parseWithZod } from "@conform-to/zod/v4";
import { bookingFormSchema } from "../schema";

/**
 * The booking form's browser-side check: the same schema the server parses with. Its own chunk, imported by
 * the form on its first touch (a tap, focus or key in it), so Zod is neither part of the gig page's first-paint
 * JavaScript nor evaluated while the page loads (docs/decisions/017's budget,
 * tests/e2e/js-budget.test.ts); until it has loaded, a submit is checked by the server alone.
 */
export function validateBookingForm(formData: FormData) {
  return parseWithZod(formData, { schema: bookingFormSchema });
}
