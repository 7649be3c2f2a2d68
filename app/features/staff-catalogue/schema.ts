import { z } from "~/lib/zod";
import { STAFF_CATALOGUE_COPY } from "./copy";

/**
 * Inputs of the staff catalogue screens and their /api twins (docs/domain.md). Shared by the Conform
 * forms in the browser and the server: no server code here. Files (image, logo, icon) travel beside these fields.
 */
const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean());
const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #1a2b3c")
  .optional()
  .or(z.literal("").transform(() => undefined));
const list = (value: unknown) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]);

const modeSchema = z.object({
  id: z.string().trim().max(64).optional(),
  name: z.string({ error: "Name the mode" }).trim().min(1, "Name the mode").max(60),
  durationMinutes: z.coerce
    .number({ error: "Duration in minutes" })
    .int("Duration in whole minutes")
    .min(1, "Duration of at least 1 minute")
    .max(1440, "Duration of at most 1440 minutes"),
  noOfPlayers: z.coerce
    .number({ error: "Players per game" })
    .int("Players as a whole number")
    .min(1, "At least 1 player")
    .max(100, "At most 100 players"),
});

/** A mode row left entirely blank (the spare rows of the form) is not a mode. */
const isBlankRow = (row: unknown) =>
  !!row &&
  typeof row === "object" &&
  ["name", "durationMinutes", "noOfPlayers"].every((k) => {
    const v = (row as Record<string, unknown>)[k];
    return v === undefined || v === null || String(v).trim() === "";
  });

export const gameSchema = z.object({
  name: z.string({ error: "Name the game" }).trim().min(1, "Name the game").max(80),
  description: z.string().trim().max(2000).optional().default(""),
  crossplatform: checkbox.optional().default(false),
  showLanding: checkbox.optional().default(false),
  primaryColor: color,
  secondaryColor: color,
  alternatColor: color,
  platformIds: z.preprocess(
    list,
    z.array(z.string().trim().min(1).max(64)).min(1, STAFF_CATALOGUE_COPY.choosePlatform).max(20),
  ),
  modes: z.preprocess(
    (value) => list(value).filter((row) => !isBlankRow(row)),
    z
      .array(modeSchema)
      .min(1, STAFF_CATALOGUE_COPY.chooseMode)
      .max(20)
      .refine(
        (modes) => new Set(modes.map((m) => m.name.toLowerCase())).size === modes.length,
        STAFF_CATALOGUE_COPY.modeNamesUnique,
      ),
  ),
});
export type GameInput = z.output<typeof gameSchema>;

export const platformSchema = z.object({
  platformName: z.string({ error: "Name the platform" }).trim().min(1, "Name the platform").max(40),
});

export const bannerSchema = z.object({
  title: z.string({ error: "Give the banner a title" }).trim().min(1, "Give the banner a title").max(120),
  description: z.string().trim().max(500).optional().default(""),
  linkUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/|https:\/\/)/, "A link starts with / or https://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export const idSchema = z.object({ id: z.string().trim().min(1).max(64) });
