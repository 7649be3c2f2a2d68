/** The overlay feature's server side: what other features, routes and the Worker may use of it. */
export { myOverlay, overlayMayWatch, overlayNextSlot, overlayQueue, regenerateMyOverlay } from "./overlay.server";
