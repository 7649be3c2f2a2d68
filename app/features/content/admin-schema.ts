import { z } from "~/lib/zod";
import { LEGAL_TYPES } from "./schema";

/**
 * Inputs of the staff content screens (legal documents, FAQ, contact submissions) and their /api twins. Shared by
 * the Conform forms and the server; no server code here.
 */
const blankSection = (row: unknown) =>
  !!row &&
  typeof row === "object" &&
  ["title", "body"].every((k) => String((row as Record<string, unknown>)[k] ?? "").trim() === "");

/** The editor's fields: one date, an introduction, key points one per line, and titled sections. */
export const legalEditorSchema = z.object({
  title: z.string().trim().max(120).optional().default(""),
  updated: z
    .string({ error: "Enter the last-updated date" })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the last-updated date"),
  introduction: z.string({ error: "Write an introduction" }).trim().min(1, "Write an introduction").max(10_000),
  keyPoints: z
    .string()
    .optional()
    .default("")
    .transform((text) =>
      text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(500)).max(30)),
  sections: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((row) => !blankSection(row)),
    z
      .array(
        z.object({
          title: z.string({ error: "Give the section a title" }).trim().min(1, "Give the section a title").max(200),
          body: z.string({ error: "Write the section" }).trim().min(1, "Write the section").max(20_000),
        }),
      )
      .min(1, "Add at least one section")
      .max(60),
  ),
});
export type LegalEditorInput = z.output<typeof legalEditorSchema>;

export const legalUpdateSchema = z.object({
  key: z.enum(LEGAL_TYPES, { error: "Unknown document" }),
  value: z.unknown(),
});

export const faqSchema = z.object({
  id: z.string().trim().max(64).optional(),
  question: z.string({ error: "Write the question" }).trim().min(1, "Write the question").max(300),
  answer: z.string({ error: "Write the answer" }).trim().min(1, "Write the answer").max(5000),
});
export const faqIdSchema = z.object({ id: z.string({ error: "FAQ not found" }).trim().min(1).max(64) });
export const faqMoveSchema = faqIdSchema.extend({ direction: z.enum(["up", "down"]) });

export const submissionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(100).optional().default(10),
  show: z.enum(["open", "handled", "all"]).optional().default("open"),
});
export const submissionIdSchema = z.object({ id: z.string().trim().min(1).max(64) });
