import { z } from "~/lib/zod";
import { ONBOARDING_STAFF_COPY } from "./copy";

/** Inputs of /admin/verify-onboarding-details and its /api twins; no server code here. */
const ids = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(z.string().trim().min(1).max(64))
    .min(1, ONBOARDING_STAFF_COPY.chooseOne)
    .max(200, ONBOARDING_STAFF_COPY.tooMany),
);
export const verifyManySchema = z.object({
  BankschemaIds: ids,
  secretKey: z.string().max(200).optional().default(""),
});
export const verifyOneSchema = z.object({
  BankschemaId: z
    .string({ error: ONBOARDING_STAFF_COPY.chooseOne })
    .trim()
    .min(1, ONBOARDING_STAFF_COPY.chooseOne)
    .max(64),
  secretKey: z.string().max(200).optional().default(""),
});
export const streamerUserSchema = z.object({ userId: z.string({ error: "userId is required" }).trim().min(1).max(64) });
export const secretKeyQuerySchema = z.object({ secretKey: z.string().max(200).optional().default("") });
