import { starSessions } from "~/features/catalogue/api.server";
import type { Route } from "./+types/upcoming-star-sessions";

/** GET /api/get/upcomingsessions/:userId (a star's upcoming sessions, soonest first) */
export function loader(args: Route.LoaderArgs) {
  return starSessions(args, args.params.userId, "upcoming");
}
