import { upcomingSessionsHome } from "~/features/catalogue/api.server";
import type { Route } from "./+types/upcoming-sessions";

/** GET /api/get/upcomingSessionsHomePage */
export function loader(args: Route.LoaderArgs) {
  return upcomingSessionsHome(args, { own: false });
}
