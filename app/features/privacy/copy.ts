/** What the privacy pages and calls say (docs/domain.md "Your data and your account"). */
export const PRIVACY_COPY = {
  exportTooMany: "You have downloaded your data several times this hour. Please try again later.",
  unknownExport: "Choose the whole export (JSON), your orders (CSV) or your wallet (CSV)",
} as const;
