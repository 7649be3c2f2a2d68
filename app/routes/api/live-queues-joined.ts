import { liveQueuesJoined } from "~/features/catalogue/api.server";
import type { Route } from "./+types/live-queues-joined";

/** GET /api/user/live-queues-joined (401 when not logged in) */
export function loader(args: Route.LoaderArgs) {
  return liveQueuesJoined(args);
}
