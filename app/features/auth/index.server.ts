/** The auth feature's server side: what other features, routes and the Worker may use of it. */
export {
  changePassword,
  confirmEmailChange,
  forgotPassword,
  logIn,
  requestEmailChange,
  resendVerification,
  resetPassword,
  sendStreamerSetup,
  setStreamerPassword,
  signUp,
  verifyEmailByCode,
  verifyEmailByLink,
} from "./accounts.server";
export { SITE_GATE_COPY, SOCIAL_COPY } from "./copy";
export { setCountryStatements } from "./country-hooks.server";
export { closureScheduledEmail, emailLinks } from "./emails";
export type { IdentityProof } from "./identity.server";
export { hasPassword, sendIdentityCode, signOutEverywhereStatements, verifyIdentity } from "./identity.server";
export { loginBotCheckDue } from "./login-limits.server";
export { hashPassword } from "./password.server";
export { destroySession, getAuth, getViewer, sessionCookieHeader, startSession } from "./session.server";
export { grantCookieHeader, hasSiteAccess, validateSitePassword, validateSiteToken } from "./site-gate.server";
export type { SocialAccount } from "./social.server";
export {
  clearHandoffCookie,
  completeSocialSignIn,
  confirmCaptureEmail,
  continueSocialLogin,
  findCapture,
  providerEmailOf,
  readHandoffToken,
  saveCaptureCountry,
  saveOwnCountry,
  sendCaptureCode,
  signInWithProfile,
} from "./social.server";
export { issueTokenPair, rotateRefreshToken } from "./tokens.server";
