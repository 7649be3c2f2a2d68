import { z } from "zod";
import { emailOnlySchema, otpSchema } from "./schema";

/** Inputs of social sign-in capture pages, API tokens and the site gate (screens and JSON API alike). */
export const captureEmailSchema = emailOnlySchema;

export const captureCodeSchema = emailOnlySchema.extend(otpSchema.shape).extend({
  /** The code's public id (see codes.server.ts), carried by the page between the two steps. */
  handle: z
    .string({ error: "Please ask for a new code" })
    .trim()
    .regex(/^[0-9a-z]{20}$/, "Please ask for a new code"),
});

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
