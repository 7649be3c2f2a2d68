import { multiLine } from "~/lib/validation";
import { z } from "~/lib/zod";
import {
  REVIEW_COMMENT_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REPLY_MAX,
  REVIEW_REPORT_REASON_MAX,
} from "./constants";
import { REVIEW_COPY } from "./copy";

/**
 * Inputs of the reviews forms (and any /api twin): shared by the browser's checks and the server, so this module
 * holds no server code. Text follows the shared text rule (trimmed, no control characters; app/lib/validation.ts).
 */
const reviewId = z
  .string({ error: "reviewId is required" })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "reviewId is not a valid id");

/** An empty comment is no comment. Counted in characters as the database counts them (code points). */
const comment = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  multiLine(z.string().trim())
    .refine((text) => [...text].length <= REVIEW_COMMENT_MAX, REVIEW_COPY.commentTooLong)
    .optional(),
);

export const reviewFormSchema = z.object({
  rating: z.coerce
    .number({ error: REVIEW_COPY.chooseRating })
    .int(REVIEW_COPY.chooseRating)
    .min(REVIEW_RATING_MIN, REVIEW_COPY.chooseRating)
    .max(REVIEW_RATING_MAX, REVIEW_COPY.chooseRating),
  comment,
});
export type ReviewInput = z.output<typeof reviewFormSchema>;

export const replyFormSchema = z.object({
  reviewId,
  reply: multiLine(z.string({ error: REVIEW_COPY.replyRequired }).trim().min(1, REVIEW_COPY.replyRequired)).refine(
    (text) => [...text].length <= REVIEW_REPLY_MAX,
    REVIEW_COPY.replyTooLong,
  ),
});

export const reportFormSchema = z.object({
  reviewId,
  reason: multiLine(z.string({ error: REVIEW_COPY.reasonRequired }).trim().min(1, REVIEW_COPY.reasonRequired)).refine(
    (text) => [...text].length <= REVIEW_REPORT_REASON_MAX,
    REVIEW_COPY.reasonTooLong,
  ),
});

export const reviewIdSchema = z.object({ reviewId });

export const reportedReviewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
