import { type Page, textOf } from "./page";

/** The seats-left badge of each slot a gig page lists ("2 of 3 seats left", "Full"), in page order. */
export function slotSeats(gigPage: Page): string[] {
  return gigPage.all('[data-testid="slot"]').map((slot) => textOf(slot.lastElementChild ?? slot));
}
