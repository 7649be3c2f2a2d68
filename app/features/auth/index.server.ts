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
export { hashPassword } from "./password.server";
export { destroySession, getAuth, getViewer, sessionCookieHeader, startSession } from "./session.server";
export {
  grantCookieHeader,
  hasSiteAccess,
  SITE_GATE_MESSAGES,
  validateSitePassword,
  validateSiteToken,
} from "./site-gate.server";
export type { SocialAccount } from "./social.server";
export {
  clearHandoffCookie,
  completeSocialSignIn,
  confirmCaptureEmail,
  continueSocialLogin,
  findCapture,
  providerEmailOf,
  readHandoffToken,
  SOCIAL_MESSAGES,
  saveCaptureCountry,
  saveOwnCountry,
  sendCaptureCode,
  signInWithProfile,
} from "./social.server";
export { issueTokenPair, rotateRefreshToken } from "./tokens.server";
