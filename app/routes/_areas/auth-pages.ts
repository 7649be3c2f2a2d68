import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Sign-up, login (password, social, staff), email verification, password reset, and the three JSON doors the API contract places outside /api. */
export const authPages: RouteConfigEntry[] = [
  route("logout", "routes/auth/logout.tsx"),
  route("signup", "routes/auth/signup.tsx"),
  route("signup/verify/:token", "routes/auth/verify-link.tsx"),
  route("signup/verifyotp/:token/:email", "routes/auth/verify-otp.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password/:token", "routes/auth/reset-password.tsx", { id: "reset-password" }),
  route("streamer-password-setup/:email", "routes/auth/reset-password.tsx", { id: "streamer-password-setup" }),
  route("signup-early-access", "routes/auth/signup.tsx", { id: "signup-early-access" }),
  route("auth/:provider", "routes/auth/social-start.ts"),
  route("auth/:provider/callback", "routes/auth/social-callback.ts"),
  route("email-capture/:userId", "routes/auth/email-capture.tsx"),
  route("country-capture/:userId", "routes/auth/country-capture.tsx"),
  route(
    "google-discord-user/save-user-data/custom-redirection/:id/:accessToken/:refreshToken",
    "routes/auth/custom-redirection.ts",
  ),
  route("password-login", "routes/auth/password-login.tsx"),
  // JSON doors outside /api (the API contract names them so)
  route("auth/signup", "routes/api/auth/signup.ts"),
  route("auth/login", "routes/api/auth/login.ts"),
  route("auth/change_password", "routes/api/auth/change-password.ts"),
];
