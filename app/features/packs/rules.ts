import type { Money } from "~/lib/money";
import { PACK_SESSIONS_MAX, PACK_SESSIONS_MIN, PACK_VALID_DAYS_MAX, PACK_VALID_DAYS_MIN } from "~db/schema/packs";

/**
 * The rules of a session pack (docs/domain.md "Session pack", docs/decisions/027-session-packs-and-credits.md), as pure
 * functions: the pages, the use cases and the tests read them here.
 */
export const PACK_BOUNDS = {
  sessions: { min: PACK_SESSIONS_MIN, max: PACK_SESSIONS_MAX },
  validDays: { min: PACK_VALID_DAYS_MIN, max: PACK_VALID_DAYS_MAX },
} as const;

/** A credit books one seat of one slot of the pack's gig. */
export const SEATS_PER_CREDIT = 1;

/**
 * What the next credit used is worth: what is left of the pack's value over the credits left, rounded up to the
 * minor unit, so the last credit takes exactly what is left and the credits used sum to the price paid. The SQL of
 * the use (credits.server.ts) computes the same figure in the write; this is its statement for tests and pages.
 */
export function nextCreditValue(valueLeftMinor: number, creditsLeft: number): number {
  if (creditsLeft <= 0) return 0;
  return Math.ceil(valueLeftMinor / creditsLeft);
}

/** The pack against buying its sessions one by one at the single price: the saving, never negative. */
export function packSaving(single: Money, sessions: number, pack: Money): Money | null {
  if (single.currency !== pack.currency) return null;
  const saving = single.amountMinor * sessions - pack.amountMinor;
  return saving > 0 ? { amountMinor: saving, currency: pack.currency } : null;
}

/** The saving as a whole percentage of the single sessions' price, rounded down (a pack never claims more). */
export function savingPercent(single: Money, sessions: number, pack: Money): number {
  const whole = single.amountMinor * sessions;
  if (single.currency !== pack.currency || whole <= 0 || pack.amountMinor >= whole) return 0;
  return Math.floor(((whole - pack.amountMinor) * 100) / whole);
}

/** The instant a pack bought at `paidAt` runs out. */
export function packExpiry(paidAt: Date, validDays: number): Date {
  return new Date(paidAt.getTime() + validDays * 86_400_000);
}
