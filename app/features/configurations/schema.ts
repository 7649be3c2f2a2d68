import { z } from "~/lib/zod";
import { CONFIG_KEYS } from "~db/schema";
import { CONFIG_COPY } from "./copy";

/** The configuration keys the app reads (content pages, fees, taxes, the site gate). */
export { CONFIG_KEYS };

/** Inputs of /admin/configurations and its /api twins; no server code here. */
const configKey = z
  .string({ error: "Enter a key" })
  .trim()
  .min(1, "Enter a key")
  .max(64)
  .regex(/^[a-z][a-z0-9_]*$/, CONFIG_COPY.keyFormat);

/** The value as JSON text (a form's textarea) or, in a JSON body, any JSON value other than a string. */
const configValue = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || value === "") {
    ctx.addIssue({ code: "custom", message: "Enter a value" });
    return z.NEVER;
  }
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    ctx.addIssue({ code: "custom", message: CONFIG_COPY.invalidJson });
    return z.NEVER;
  }
});

export const addConfigSchema = z.object({
  key: configKey,
  value: configValue,
  description: z.string().trim().max(300).optional().default(""),
});
export const updateConfigSchema = addConfigSchema.omit({ key: true });
export const keySchema = z.object({ key: configKey });

const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean());
/** The site password gate: a new password (optional; stored only as a hash) and the switch. */
export const siteGateSchema = z.object({
  password: z.string().max(128).optional().default(""),
  enabled: checkbox.optional().default(false),
});
