import { z } from "~/lib/zod";
import { BANK_IDENTIFIER_KINDS, type BankIdentifierKind, TSHIRT_SIZES } from "~db/schema/onboarding";

/** The onboarding form's choices. */
export { BANK_IDENTIFIER_KINDS, TSHIRT_SIZES };

import { bankIdentifierValid, normaliseIdentifier } from "./bank-identifiers";
import { ONBOARDING_COPY as M } from "./copy";

const ONBOARDING_FILE_MAX_BYTES = 10 * 1024 * 1024;
const text = (max = 200) =>
  z.string({ error: M.required }).trim().min(1, M.required).max(max, `At most ${max} characters`);

/** A file that was chosen (an empty file input arrives as an empty nameless file, or not at all). */
const file = (message: string) =>
  z.preprocess(
    (value) => (value instanceof File && value.size > 0 ? value : undefined),
    z.instanceof(File, { message }).refine((f) => f.size <= ONBOARDING_FILE_MAX_BYTES, M.fileTooLarge),
  );

/**
 * The onboarding form (docs/domain.md), shared by the page (with and without JavaScript) and
 * POST /api/post/streamer/onboard: identity and bank fields, exactly one bank identifier (bankOption +
 * bankValue, checked for its own format), the bank statement and the signed agreement.
 */
export const onboardingSchema = z
  .object({
    accountHolderName: text(),
    address: text(500),
    bankName: text(),
    country: z
      .string({ error: M.country })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, M.country),
    fullName: text(),
    gamingName: text(100),
    mobileNumber: z
      .string({ error: M.mobileNumber })
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, M.mobileNumber),
    tshirtSize: z.enum(TSHIRT_SIZES, { error: M.tshirt }),
    accountNumber: z
      .string({ error: M.accountNumber })
      .trim()
      .transform((v) => v.replace(/[\s-]/g, "").toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{6,34}$/, M.accountNumber)),
    bankOption: z.string({ error: M.bankOptionRequired }).trim().min(1, M.bankOptionRequired),
    bankValue: z.string({ error: M.bankOptionRequired }).trim().min(1, M.bankOptionRequired),
    bankStatement: file(M.statementRequired),
    signedAgreement: file(M.agreementRequired),
  })
  .superRefine((value, ctx) => {
    if (!(BANK_IDENTIFIER_KINDS as readonly string[]).includes(value.bankOption)) {
      ctx.addIssue({ code: "custom", path: ["bankOption"], message: M.invalidBankOption });
      return;
    }
    const kind = value.bankOption as BankIdentifierKind;
    if (!bankIdentifierValid(kind, value.bankValue))
      ctx.addIssue({ code: "custom", path: ["bankValue"], message: M.formats[kind] });
  })
  .transform((value) => {
    const kind = value.bankOption as BankIdentifierKind;
    return { ...value, bankOption: kind, bankValue: normaliseIdentifier(kind, value.bankValue) };
  });

export type OnboardingInput = z.output<typeof onboardingSchema>;
