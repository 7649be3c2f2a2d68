import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** The streamer's dashboard: gigs, calendar, onboarding, profile, going live and the queue dashboard. */
export const streamerPages: RouteConfigEntry[] = [
  route("influencer/dashboard", "routes/influencer/dashboard.tsx"),
  route("influencer/calendar-dashboard", "routes/influencer/calendar.tsx"),
  route("influencer/profile", "routes/influencer/profile.tsx", { id: "influencer-profile" }),
  route("influencer/onboarding", "routes/influencer/onboarding.tsx"),
  route("onboarding/files/:userId/:kind", "routes/onboarding-file.ts"),
  route("influencer/products", "routes/influencer/products.tsx"),
  route("influencer/live/start", "routes/influencer/live-start.tsx"),
  route("influencer/live/session/:id", "routes/influencer/live-session.tsx"),
  route("influencer/products/new", "routes/influencer/gig-edit.tsx", { id: "gig-new" }),
  route("influencer/products/:id/edit", "routes/influencer/gig-edit.tsx", { id: "gig-edit" }),
];
