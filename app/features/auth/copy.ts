/** Account messages (docs/domain.md where it words them, word for word; ours where it is silent). */
export const AUTH_COPY = {
  verified: "Verify successfully",
  invalidCredentials: "Invalid email or password",
  unverified: "Please verify your email before logging in. We can send you a new link.",
  banned: "Your account has been banned.",
  emailTaken: "An account with this email already exists",
  usernameTaken: "This username is taken",
  linkInvalid: "This link is invalid or has expired.",
  codeInvalid: "The code is invalid or has expired.",
  resetSent: "If an account exists for that email, we have sent a link to reset the password.",
  verificationSent: "If that account still needs verifying, we have sent a new verification email.",
  passwordUpdated: "Password updated successfully",
  userNotFound: "User not found",
  loginRequired: "Please log in to continue",
  emailChangeSent: "We sent a code to your new email address.",
  emailChanged: "Email updated successfully",
  changeEmailError: "Error in changing email. Please try again later.",
  logoutConfirm: "Are you sure? Do you really want to log out?",
  loggedOut: "Successfully Logged Out",
} as const;

/**
 * The site-wide access gate (docs/domain.md). It is on when the configuration
 * website_password_enabled is true AND website_password holds a password hash; then every page asks for
 * the site password (or a token) first. Passing it grants a signed token, kept in an HttpOnly cookie and
 * also returned to API clients, valid 30 days and only while the password stays the same.
 */
export const SITE_GATE_COPY = {
  required: "Please enter the website password to continue.",
  wrongPassword: "Incorrect password",
  invalidToken: "Invalid or expired token",
  granted: "Access granted",
  tooMany: "Too many attempts. Please wait a few minutes and try again.",
} as const;

/**
 * Discord and Google sign-in after the provider has answered (docs/decisions/006-social-login-hand-off.md):
 * link or create the account, ask for what is missing (email, country) on pages that only the browser
 * that signed in can open, and finish through a short-lived, single-use hand-off exchanged for a session.
 */
export const SOCIAL_COPY = {
  failed: (provider: string) => `${provider} sign-in did not complete. Please try again.`,
  cancelled: (provider: string) => `${provider} sign-in was cancelled.`,
  unavailable: (provider: string) => `${provider} sign-in is not available right now.`,
  expired: "Your sign-in has expired or was already used. Please sign in again.",
  emailCodeSent: "We sent a 6-digit code to that address. Enter it to confirm it is yours.",
  countrySaved: "Country saved",
  emailFirst: "Please add your email first.",
} as const;

export const TOKEN_COPY = {
  invalid: "Invalid refresh token",
  reused:
    "This refresh token was already used. For your safety every token of this login is revoked: please log in again.",
  expired: "Your login has expired. Please log in again.",
} as const;
