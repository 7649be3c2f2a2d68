/** Onboarding messages: docs/domain.md word for word for the four it words. */
export const ONBOARDING_COPY = {
  bankOptionRequired: "Please select a bank option and fill out the required field.",
  invalidBankOption: "Invalid bank option selected",
  statementRequired: "Please upload a bank statement.",
  agreementRequired: "Please upload the signed agreement.",
  fileType: "Upload a PDF, PNG or JPEG file",
  fileTooLarge: "Each file must be at most 10 MB",
  submitted: "Onboarding details submitted. We will verify them soon.",
  alreadyVerified: "Your details are already verified. Contact support to change them.",
  required: "This field is required",
  accountNumber: "Enter a valid account number (6 to 34 letters or digits)",
  mobileNumber: "Enter a valid mobile number",
  country: "Pick a country",
  tshirt: "Pick a T-shirt size",
  formats: {
    "SWIFT Code": "Enter a valid SWIFT code (8 or 11 characters, e.g. HDFCINBBXXX)",
    IBAN: "Enter a valid IBAN",
    "Routing Number": "Enter a valid 9-digit routing number",
    "Sort Code": "Enter a valid sort code (6 digits, e.g. 12-34-56)",
    "IFSC Code": "Enter a valid IFSC code (e.g. HDFC0001234)",
    "Bank Code": "Enter a valid bank code (3 to 11 letters or digits)",
  },
} as const;

/** Staff verification messages (docs/domain.md). */
export const ONBOARDING_STAFF_COPY = {
  verified: "Verify successfully",
  verifyError: "Error verifying star agreement",
  wrongSecret: "Error verifying star agreement: the secret key is wrong",
  nothingToVerify: "Error verifying star agreement: those details are already verified or gone",
  notFound: "No onboarding details for this streamer",
  chooseOne: "Choose at least one submission",
  tooMany: "Choose at most 200 submissions at a time",
} as const;
