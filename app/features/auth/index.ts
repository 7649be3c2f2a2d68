/** The auth feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export {
  captureCodeSchema,
  captureEmailSchema,
  codeHandleSchema,
  refreshTokenSchema,
  sitePasswordSchema,
  siteTokenSchema,
} from "./access-schema";
export { AuthCard, FormErrors, primaryButton } from "./components/auth-card";
export { CodeField, EmailField, PasswordField } from "./components/fields";
export { SocialButtons } from "./components/social-buttons";
export { AUTH_COPY } from "./copy";
export {
  adminLoginSchema,
  changeEmailSchema,
  changePasswordSchema,
  countrySchema,
  emailOnlySchema,
  forgotPasswordSchema,
  loginSchema,
  newPasswordSchema,
  otpSchema,
  passwordSchema,
  redirectToSchema,
  signupSchema,
} from "./schema";
