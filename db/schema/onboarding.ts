/**
 * Streamer onboarding: bank details, bank statement and signed agreement.
 *
 * Invariants carried here:
 * - one onboarding record per influencer (user_id UNIQUE); resubmission updates it;
 * - exactly one bank identifier: its kind is one of the six options of BANK_IDENTIFIER_KINDS
 *   (stored with the labels the form and the API show) and its value is non-empty;
 * - the bank statement and the signed agreement are required and are keys in the PRIVATE R2
 *   bucket, served only through authorised routes;
 * - verified exactly when verified_at is set (CHECK);
 * - re-submitting keeps history: the replaced submission is copied into bank_details_history in the
 *   same batch that overwrites bank_details (its files stay in the private bucket under their keys),
 *   so every submission a streamer ever made can be audited; history rows are never updated.
 * Account numbers are personal data: read them only in staff/onboarding use cases.
 */
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, enumCheck, id, timestamp, updatedAt } from "./columns";
import { streamerProfiles } from "./influencers";
import { users } from "./users";

export const BANK_IDENTIFIER_KINDS = [
  "SWIFT Code",
  "IBAN",
  "Routing Number",
  "Sort Code",
  "IFSC Code",
  "Bank Code",
] as const;
export type BankIdentifierKind = (typeof BANK_IDENTIFIER_KINDS)[number];
export const TSHIRT_SIZES = ["XS", "S", "M", "L", "XL", "XXL", "XXXL"] as const;

/** The submitted details and file keys: the same columns in the current row and in its history. */
const submissionColumns = () => ({
  accountHolderName: text("account_holder_name").notNull(),
  address: text("address").notNull(),
  bankName: text("bank_name").notNull(),
  /** ISO 3166-1 alpha-2 of the bank account. */
  country: text("country").notNull(),
  fullName: text("full_name").notNull(),
  gamingName: text("gaming_name").notNull(),
  mobileNumber: text("mobile_number").notNull(),
  tshirtSize: text("tshirt_size", { enum: TSHIRT_SIZES }).notNull(),
  accountNumber: text("account_number").notNull(),
  bankIdentifierKind: text("bank_identifier_kind", { enum: BANK_IDENTIFIER_KINDS }).notNull(),
  bankIdentifierValue: text("bank_identifier_value").notNull(),
  statementKey: text("statement_key").notNull(),
  agreementKey: text("agreement_key").notNull(),
});

export const bankDetails = sqliteTable(
  "bank_details",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => streamerProfiles.userId, { onDelete: "cascade" }),
    ...submissionColumns(),
    isVerified: bool("is_verified").notNull().default(false),
    verifiedAt: timestamp("verified_at"),
    verifiedBy: text("verified_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck("bank_details_identifier_kind_check", t.bankIdentifierKind, BANK_IDENTIFIER_KINDS),
    enumCheck("bank_details_tshirt_size_check", t.tshirtSize, TSHIRT_SIZES),
    check("bank_details_identifier_value_check", sql`length(trim(${t.bankIdentifierValue})) > 0`),
    check("bank_details_country_check", sql`length(${t.country}) = 2 AND ${t.country} = upper(${t.country})`),
    check("bank_details_verified_check", sql`${t.isVerified} = (${t.verifiedAt} IS NOT NULL)`),
    // Staff verification list: unverified first, oldest first.
    index("bank_details_verified_created_idx").on(t.isVerified, t.createdAt),
  ],
);

export type BankDetails = typeof bankDetails.$inferSelect;
export type NewBankDetails = typeof bankDetails.$inferInsert;

/** Earlier submissions, replaced by a re-submission (append-only). */
export const bankDetailsHistory = sqliteTable(
  "bank_details_history",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => streamerProfiles.userId, { onDelete: "cascade" }),
    ...submissionColumns(),
    /** When the replaced submission was made, and when it was replaced. */
    submittedAt: timestamp("submitted_at").notNull(),
    replacedAt: timestamp("replaced_at").notNull(),
  },
  (t) => [index("bank_details_history_user_idx").on(t.userId, t.replacedAt)],
);

export type BankDetailsHistory = typeof bankDetailsHistory.$inferSelect;
