import { activeLiveSession } from "~/features/catalogue/api.server";
import type { Route } from "./+types/active-live-session";

/** GET /api/get/livesessions/active/:id (the open live session of star :id) */
export function loader(args: Route.LoaderArgs) {
  return activeLiveSession(args, args.params.id);
}
