import { emailSchema } from "~/lib/validation";
import { z } from "~/lib/zod";

/** The contact form, validated in the browser (Conform) and again on the server. */
export const contactFormSchema = z.object({
  name: z
    .string({ error: "Please enter your name" })
    .trim()
    .min(2, "Please enter your name")
    .max(100, "Name must be at most 100 characters"),
  email: emailSchema,
  subject: z
    .string({ error: "Please enter a subject" })
    .trim()
    .min(3, "Subject must be at least 3 characters")
    .max(150, "Subject must be at most 150 characters"),
  message: z
    .string({ error: "Please write a message" })
    .trim()
    .min(10, "Message must be at least 10 characters")
    .max(5000, "Message must be at most 5000 characters"),
});

export type ContactFormInput = z.infer<typeof contactFormSchema>;

export const LEGAL_TYPES = ["mainTermsAndConditions", "mainPrivacyPolicy", "vipQueueTermsAndConditions"] as const;
export type LegalType = (typeof LEGAL_TYPES)[number];
export const legalTypeSchema = z.enum(LEGAL_TYPES);
