import { z } from "~/lib/zod";
import { BANK_IDENTIFIER_KINDS, type BankIdentifierKind, TSHIRT_SIZES } from "~db/schema/onboarding";

/** The onboarding form's choices. */
export { BANK_IDENTIFIER_KINDS, TSHIRT_SIZES };

import { bankIdentifierValid, normaliseIdentifier } from "./bank-identifiers";
import { ONBOARDING_COPY } from "./copy";

const ONBOARDING_FILE_MAX_BYTES = 10 * 1024 * 1024;
const text = (max = 200) =>
  z
    .string({ error: ONBOARDING_COPY.required })
    .trim()
    .min(1, ONBOARDING_COPY.required)
    .max(max, `At most ${max} characters`);

/** A file that was chosen (an empty file input arrives as an empty nameless file, or not at all). */
const file = (message: string) =>
  z.preprocess(
    (value) => (value instanceof File && value.size > 0 ? value : undefined),
    z.instanceof(File, { message }).refine((f) => f.size <= ONBOARDING_FILE_MAX_BYTES, ONBOARDING_COPY.fileTooLarge),
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
      .string({ error: ONBOARDING_COPY.country })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, ONBOARDING_COPY.country),
    fullName: text(),
    gamingName: text(100),
    mobileNumber: z
      .string({ error: ONBOARDING_COPY.mobileNumber })
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, ONBOARDING_COPY.mobileNumber),
    tshirtSize: z.enum(TSHIRT_SIZES, { error: ONBOARDING_COPY.tshirt }),
    accountNumber: z
      .string({ error: ONBOARDING_COPY.accountNumber })
      .trim()
      .transform((v) => v.replace(/[\s-]/g, "").toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{6,34}$/, ONBOARDING_COPY.accountNumber)),
    bankOption: z
      .string({ error: ONBOARDING_COPY.bankOptionRequired })
      .trim()
      .min(1, ONBOARDING_COPY.bankOptionRequired),
    bankValue: z
      .string({ error: ONBOARDING_COPY.bankOptionRequired })
      .trim()
      .min(1, ONBOARDING_COPY.bankOptionRequired),
    bankStatement: file(ONBOARDING_COPY.statementRequired),
    signedAgreement: file(ONBOARDING_COPY.agreementRequired),
  })
  .superRefine((value, ctx) => {
    if (!(BANK_IDENTIFIER_KINDS as readonly string[]).includes(value.bankOption)) {
      ctx.addIssue({ code: "custom", path: ["bankOption"], message: ONBOARDING_COPY.invalidBankOption });
      return;
    }
    const kind = value.bankOption as BankIdentifierKind;
    if (!bankIdentifierValid(kind, value.bankValue))
      ctx.addIssue({ code: "custom", path: ["bankValue"], message: ONBOARDING_COPY.formats[kind] });
  })
  .transform((value) => {
    const kind = value.bankOption as BankIdentifierKind;
    return { ...value, bankOption: kind, bankValue: normaliseIdentifier(kind, value.bankValue) };
  });

export type OnboardingInput = z.output<typeof onboardingSchema>;
