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
