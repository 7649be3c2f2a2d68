import { upcomingSessionsHome } from "~/features/catalogue/api.server";
import type { Route } from "./+types/your-upcoming-sessions";

/** GET /api/get/yourUpcomingSessionsHomePage (401 when not logged in) */
export function loader(args: Route.LoaderArgs) {
  return upcomingSessionsHome(args, { own: true });
}
