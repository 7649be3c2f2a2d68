import { liveSessionsList } from "~/features/catalogue/api.server";
import type { Route } from "./+types/live-sessions";

/** GET /api/get/liveSessions (sessions live now; the live browse filters) */
export function loader(args: Route.LoaderArgs) {
  return liveSessionsList(args);
}
