import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** The streamer's dashboard: gigs, calendar, onboarding, profile, going live and the queue dashboard. */
export const streamerPages: RouteConfigEntry[] = [
  route("influencer/dashboard", "routes/streamer/dashboard.tsx"),
  route("influencer/calendar-dashboard", "routes/streamer/calendar.tsx"),
  route("influencer/profile", "routes/streamer/profile.tsx", { id: "influencer-profile" }),
  route("influencer/onboarding", "routes/streamer/onboarding.tsx"),
  route("onboarding/files/:userId/:kind", "routes/onboarding-file.ts"),
  route("influencer/products", "routes/streamer/products.tsx"),
  route("influencer/live/start", "routes/streamer/live-start.tsx"),
  route("influencer/live/session/:id", "routes/streamer/live-session.tsx"),
  route("influencer/products/new", "routes/streamer/gig-edit.tsx", { id: "gig-new" }),
  route("influencer/products/:id/edit", "routes/streamer/gig-edit.tsx", { id: "gig-edit" }),
  route("influencer/products/:id/pack", "routes/streamer/gig-pack.tsx"),
  route("influencer/pass", "routes/streamer/vip-pass.tsx"),
  route("influencer/chat", "routes/streamer/chat.tsx"),
  route("influencer/chat/twitch", "routes/streamer/chat-twitch.ts", { id: "chat-twitch-start" }),
  route("influencer/chat/twitch/callback", "routes/streamer/chat-twitch.ts", { id: "chat-twitch-callback" }),
];
