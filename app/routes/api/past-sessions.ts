import { sessionsQuerySchema } from "~/features/catalogue";
import { streamerSessions } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/pastsessions/:userId (a star's past sessions, newest first) */
export const loader = catalogueLoader(sessionsQuerySchema, (req, query, params) =>
  streamerSessions(req, params.userId ?? "", "past", query),
);
