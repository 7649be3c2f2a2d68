import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/**
 * Private feeds (docs/domain.md "Calendar feed and stream overlay"): the key in the URL is the credential. The
 * calendar subscription, the stream overlays for OBS, and the forms that make a new key.
 */
export const feedPages: RouteConfigEntry[] = [
  route("calendar-feed/regenerate", "routes/feeds/calendar-feed-regenerate.ts"),
  route("calendar-feed/:file", "routes/feeds/calendar-feed.ts"),
  route("overlay/:key/queue", "routes/overlay/queue.tsx"),
  route("overlay/:key/next-slot", "routes/overlay/next-slot.tsx"),
  route("influencer/overlay/regenerate", "routes/feeds/overlay-regenerate.ts"),
];
