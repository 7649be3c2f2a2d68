import { upcomingSessionsHome } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/yourUpcomingSessionsHomePage (401 when not logged in) */
export const loader = catalogueLoader(undefined, (req) => upcomingSessionsHome(req, { own: true }));
