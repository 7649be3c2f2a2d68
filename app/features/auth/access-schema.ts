import { z } from "~/lib/zod";
import { emailOnlySchema, otpSchema } from "./schema";

/** Inputs of social sign-in capture pages, API tokens and the site gate (screens and JSON API alike). */
export const captureEmailSchema = emailOnlySchema;

/**
 * A one-time code's public id (see codes.server.ts): the capture page carries it between its two steps as
 * `handle`, the API answers and takes it as `token`. One schema for both doors.
 */
export const codeHandleSchema = z
  .string({ error: "Please ask for a new code" })
  .trim()
  .regex(/^[0-9a-z]{20}$/, "Please ask for a new code");

export const captureCodeSchema = emailOnlySchema.extend(otpSchema.shape).extend({ handle: codeHandleSchema });

export const refreshTokenSchema = z.object({
  refreshToken: z
    .string({ error: "refreshToken is required" })
    .trim()
    .min(1, "refreshToken is required")
    .max(200, "Invalid refresh token"),
});

export const sitePasswordSchema = z.object({
  password: z
    .string({ error: "Please enter the website password" })
    .min(1, "Please enter the website password")
    .max(200, "Incorrect password"),
});

export const siteTokenSchema = z.object({
  token: z
    .string({ error: "Please enter the access token" })
    .trim()
    .min(1, "Please enter the access token")
    .max(300, "Invalid or expired token"),
});
