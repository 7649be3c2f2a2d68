import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("about-us", "routes/public/about-us.tsx"),
  route("cancellation-policy", "routes/public/cancellation-policy.tsx"),
  route("privacy-policy", "routes/public/privacy-policy.tsx"),
  route("terms-of-service", "routes/public/terms-of-service.tsx"),
  route("contact-us", "routes/public/contact-us.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("signup", "routes/auth/signup.tsx"),
  route("signup/verify/:token", "routes/auth/verify-link.tsx"),
  route("signup/verifyotp/:token/:email", "routes/auth/verify-otp.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password/:token", "routes/auth/reset-password.tsx", { id: "reset-password" }),
  route("streamer-password-setup/:email", "routes/auth/reset-password.tsx", { id: "streamer-password-setup" }),
  route("dev/outbox", "routes/dev/outbox.tsx"),
  route("profile", "routes/account/profile.tsx"),
  route("change-email/verifyotp/:token/:email", "routes/account/change-email-verify.tsx"),
  route("unsubscribe/:email", "routes/account/unsubscribe.tsx"),
  route("media/*", "routes/media.ts"),

  ...prefix("api", [
    route("get/user/termsAndPrivacy", "routes/api/terms-and-privacy.ts"),
    route("get/privacy-policy", "routes/api/privacy-policy.ts"),
    route("get/terms-of-service", "routes/api/terms-of-service.ts"),
    route("get/Faqs", "routes/api/faqs.ts"),
    route("post/submit-form", "routes/api/submit-form.ts"),
    route("logout", "routes/api/logout.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
