/** The overlay feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { OverlayCard } from "./components/overlay-card";
export { OverlayNextSlot } from "./components/overlay-next-slot";
export { OverlayQueue } from "./components/overlay-queue";
export { isInexactOverlayRead } from "./overlay-url";
