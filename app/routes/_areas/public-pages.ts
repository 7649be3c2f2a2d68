import { index, type RouteConfigEntry, route } from "@react-router/dev/routes";

/**
 * The public pages: home, browse, a star, a gig, a game, a live session, legal pages, media and health, and a
 * streamer's short link.
 */
export const publicPages: RouteConfigEntry[] = [
  index("routes/public/home.tsx"),
  route("about-us", "routes/public/about-us.tsx"),
  route("cancellation-policy", "routes/public/cancellation-policy.tsx"),
  route("privacy-policy", "routes/public/privacy-policy.tsx"),
  route("terms-of-service", "routes/public/terms-of-service.tsx"),
  route("contact-us", "routes/public/contact-us.tsx"),
  route("browse", "routes/public/browse.tsx"),
  route("star/:id", "routes/public/star.tsx"),
  route("gig/:id", "routes/public/gig.tsx"),
  route("game/:id", "routes/public/game.tsx"),
  route("live/:id", "routes/public/live.tsx"),
  route("live/:id/ready", "routes/public/live-ready.tsx"),
  route("media/*", "routes/media.ts"),
  route("healthz", "routes/healthz.ts"),
  // A streamer's short link, /@handle (any other unclaimed one-segment path gets the 404 page here).
  route(":segment", "routes/public/short-link.tsx"),
];
