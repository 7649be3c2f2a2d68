import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("about-us", "routes/public/about-us.tsx"),
  route("cancellation-policy", "routes/public/cancellation-policy.tsx"),
  route("privacy-policy", "routes/public/privacy-policy.tsx"),
  route("terms-of-service", "routes/public/terms-of-service.tsx"),
  route("contact-us", "routes/public/contact-us.tsx"),
  route("logout", "routes/auth/logout.tsx"),

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
