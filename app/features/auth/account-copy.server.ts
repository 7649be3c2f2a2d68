/**
 * What the server alone says about an account (kept out of copy.ts, which the header loads on every page): a wrong
 * password when closing an account, an account with no address for a code.
 */
export const ACCOUNT_COPY = {
  wrongPassword: "Your password is incorrect",
  noEmailForCode: "This account has no email address to send a code to.",
} as const;
