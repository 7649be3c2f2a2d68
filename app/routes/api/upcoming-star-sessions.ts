import { sessionsQuerySchema } from "~/features/catalogue";
import { streamerSessions } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/upcomingsessions/:userId (a star's upcoming sessions, soonest first) */
export const loader = catalogueLoader(sessionsQuerySchema, (req, query, params) =>
  streamerSessions(req, params.userId ?? "", "upcoming", query),
);
