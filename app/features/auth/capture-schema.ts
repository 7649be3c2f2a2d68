import { z } from "zod";
import { emailOnlySchema, otpSchema } from "./schema";

/** Inputs of the capture pages after a social sign-in (/email-capture, /country-capture) and their API. */
export const captureEmailSchema = emailOnlySchema;

export const captureCodeSchema = emailOnlySchema.extend(otpSchema.shape).extend({
  /** The code's public id (see codes.server.ts), carried by the page between the two steps. */
  handle: z
    .string({ error: "Please ask for a new code" })
    .trim()
    .regex(/^[0-9a-z]{20}$/, "Please ask for a new code"),
});
