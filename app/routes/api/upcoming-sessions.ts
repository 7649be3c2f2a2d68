import { upcomingSessionsHome } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/upcomingSessionsHomePage */
export const loader = catalogueLoader(undefined, (req) => upcomingSessionsHome(req, { own: false }));
