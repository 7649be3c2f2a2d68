import { isCountryCode } from "~/features/currency";
import { browserTimeZoneField } from "~/features/time";
import { safeReturnPath } from "~/lib/return-path";
import { emailSchema } from "~/lib/validation";
import { z } from "~/lib/zod";

/** Inputs of the account screens and API, validated in the browser and again on the server. */
const email = emailSchema;

export const passwordSchema = z
  .string({ error: "Please enter a password" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters")
  .regex(/[A-Za-z]/, "Password must contain a letter")
  .regex(/[0-9]/, "Password must contain a number");

const country = z
  .string({ error: "Please select your country" })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, "Please select your country");

/** Only local paths, so a crafted link cannot send users to another site after login (app/lib/return-path.ts). */
export const redirectToSchema = z
  .string()
  .optional()
  .transform((value) => safeReturnPath(value));

/** The bot check's token (Cloudflare Turnstile's widget field, app/platform/turnstile), when the form carries one. */
const botCheckToken = z.string().max(4096).optional();

export const signupSchema = z.object({
  username: z
    .string({ error: "Please choose a username" })
    .trim()
    .min(3, "Username must be at least 3 characters")
    .max(30, "Username must be at most 30 characters")
    .regex(/^[A-Za-z0-9_.]+$/, "Username may only use letters, numbers, dots and underscores"),
  fullName: z.string().trim().max(80, "Name must be at most 80 characters").optional().default(""),
  email,
  password: passwordSchema,
  country,
  timeZone: browserTimeZoneField,
  "cf-turnstile-response": botCheckToken,
});

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Please enter your password" }).min(1, "Please enter your password").max(128),
  redirectTo: redirectToSchema,
  /** Asked for after a few failed logins (docs/decisions/033). */
  "cf-turnstile-response": botCheckToken,
});

export const adminLoginSchema = z.object({
  username: z.string({ error: "Please enter your email" }).trim().toLowerCase().min(1, "Please enter your email"),
  password: z.string({ error: "Please enter your password" }).min(1, "Please enter your password").max(128),
  "cf-turnstile-response": botCheckToken,
});

export const emailOnlySchema = z.object({ email });

/** Forgot password: the address, and the bot check's token (Cloudflare Turnstile, app/platform/turnstile). */
export const forgotPasswordSchema = emailOnlySchema.extend({ "cf-turnstile-response": botCheckToken });

export const otpSchema = z.object({
  otp: z
    .string({ error: "Please enter the code" })
    .trim()
    .regex(/^\d{6}$/, "The code has 6 digits"),
});

export const newPasswordSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string({ error: "Please confirm the password" }) })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Please enter your current password" })
      .min(1, "Please enter your current password"),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: "Please confirm the password" }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export const countrySchema = z.object({ billing_country: country });

export const changeEmailSchema = z.object({ email });
