import { z } from "~/lib/zod";
import { validTimeZone } from "./zone";

/**
 * Sign-up's hidden time-zone field, filled with the browser's zone by script (docs/decisions/019): optional, and
 * dropped when it is not a zone (the cookie or Cloudflare's zone stands in), so it can never fail a sign-up.
 */
export const browserTimeZoneField = z
  .string()
  .max(64)
  .optional()
  .catch(undefined)
  .transform((zone) => validTimeZone(zone) ?? undefined);
