import { PACK_VALID_DAYS_MAX, PACK_VALID_DAYS_MIN } from "~db/schema/packs";
import { PASS_PLACES_MAX, PASS_PLACES_MIN } from "~db/schema/passes";

/**
 * The rules of a VIP pass (docs/domain.md "VIP pass", docs/decisions/032-vip-passes.md). A use's value and the expiry
 * instant follow a session pack's rules (`nextCreditValue`, `packExpiry` in app/features/packs/rules.ts).
 */
export const PASS_BOUNDS = {
  places: { min: PASS_PLACES_MIN, max: PASS_PLACES_MAX },
  validDays: { min: PACK_VALID_DAYS_MIN, max: PACK_VALID_DAYS_MAX },
} as const;
