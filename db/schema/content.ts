/**
 * Site content managed by staff: configurations, legal documents, FAQ, contact-form
 * submissions and star suggestions.
 *
 * Where prose lives:
 * - terms of service, privacy policy and VIP-queue terms: legal_documents, one row per type;
 * - about-us and cancellation-policy pages: configurations rows with keys "about_us" and
 *   "cancellation_policy", value of type PageContent (see CONFIG_KEYS);
 * - FAQ: faqs rows.
 *
 * Invariants carried here: configuration keys are unique (primary key) and snake_case;
 * one legal document per type (UNIQUE); a contact submission is open until staff mark it handled
 * (handled_at set).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, enumCheck, id, type JsonValue, timestamp, updatedAt } from "./columns";
import { users } from "./users";

/** Keys the app reads; the table may hold others (admin can add configurations). */
export const CONFIG_KEYS = {
  websitePasswordEnabled: "website_password_enabled", // boolean
  websitePassword: "website_password", // string: a PBKDF2 hash from app/features/auth/password.server.ts
  platformFees: "platform_fees", // number, percent (default platform fee for new influencers)
  payoutTaxes: "payout_taxes", // PayoutTaxesConfig
  aboutUs: "about_us", // PageContent
  cancellationPolicy: "cancellation_policy", // PageContent
  minimumPrice: "minimum_price", // { USD: minor units, INR: minor units }
  bookingHoldMinutes: "booking_hold_minutes", // number
} as const;

export type PageContent = { title: string; intro: string; sections: { title: string; body: string }[] };
export type PayoutTaxesConfig = {
  indirectTaxPercent: number;
  platformFeesIndirectTaxPercent: number;
  tdsPercent: number;
};

export const configurations = sqliteTable(
  "configurations",
  {
    key: text("key").primaryKey(),
    value: text("value", { mode: "json" }).$type<JsonValue>().notNull(),
    description: text("description"),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [check("configurations_key_check", sql`${t.key} GLOB '[a-z]*' AND ${t.key} NOT GLOB '*[^a-z0-9_]*'`)],
);

export const LEGAL_DOCUMENT_TYPES = [
  "mainTermsAndConditions",
  "mainPrivacyPolicy",
  "vipQueueTermsAndConditions",
] as const;
export type LegalDocumentType = (typeof LEGAL_DOCUMENT_TYPES)[number];

export type LegalSection = { title: string; body: string };
/** Privacy policy, in the API's shape: lastUpdated, introduction, keyPoints, sections. */
export type PrivacyPolicyContent = {
  lastUpdated: string;
  introduction: string;
  keyPoints: string[];
  sections: LegalSection[];
};
/** Terms of service and VIP-queue terms, in the API's shape: updatedDate, intro, keyPoints, sections. */
export type TermsContent = {
  updatedDate: string;
  intro: string;
  keyPoints: string[];
  sections: LegalSection[];
};

export const legalDocuments = sqliteTable(
  "legal_documents",
  {
    id: id(),
    type: text("type", { enum: LEGAL_DOCUMENT_TYPES }).notNull().unique(),
    content: text("content", { mode: "json" }).$type<PrivacyPolicyContent | TermsContent>().notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [enumCheck("legal_documents_type_check", t.type, LEGAL_DOCUMENT_TYPES)],
);

export const faqs = sqliteTable(
  "faqs",
  {
    id: id(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    isPublished: bool("is_published").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("faqs_sort_idx").on(t.sortOrder)],
);

export const contactSubmissions = sqliteTable(
  "contact_submissions",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    ip: text("ip"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Staff marked it handled (answered); NULL while open. */
    handledAt: timestamp("handled_at"),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_submissions_open_idx").on(t.createdAt).where(sql`handled_at IS NULL`),
    check(
      "contact_submissions_length_check",
      sql`length(${t.message}) BETWEEN 1 AND 5000 AND length(${t.subject}) <= 200`,
    ),
    index("contact_submissions_created_idx").on(t.createdAt),
  ],
);

/** POST /api/suggeststar {starName}: a fan suggests a creator to onboard. */
export const streamerSuggestions = sqliteTable(
  "star_suggestions",
  {
    id: id(),
    streamerName: text("star_name").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("star_suggestions_name_check", sql`length(${t.streamerName}) BETWEEN 1 AND 100`),
    index("star_suggestions_created_idx").on(t.createdAt),
  ],
);

export type Configuration = typeof configurations.$inferSelect;
export type LegalDocument = typeof legalDocuments.$inferSelect;
export type Faq = typeof faqs.$inferSelect;
export type NewFaq = typeof faqs.$inferInsert;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type NewContactSubmission = typeof contactSubmissions.$inferInsert;
export type StreamerSuggestion = typeof streamerSuggestions.$inferSelect;
