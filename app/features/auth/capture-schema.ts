import { z } from "zod";
import { emailOnlySchema, otpSchema } from "./schema";

/** Inputs of the capture pages after a social sign-in (/email-capture, /country-capture) and their API. */
export const captureEmailSchema = emailOnlySchema;

export const captureCodeSchema = emailOnlySchema.extend(otpSchema.shape).extend({
  token: z
    .string({ error: "Please ask for a new code" })
    .trim()
    .regex(/^[\w-]{20,200}$/, "Please ask for a new code"),
});
