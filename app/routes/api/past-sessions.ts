import { starSessions } from "~/features/catalogue/reads.server";
import { sessionsQuerySchema } from "~/features/catalogue/schema";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/pastsessions/:userId (a star's past sessions, newest first) */
export const loader = catalogueLoader(sessionsQuerySchema, (req, query, params) =>
  starSessions(req, params.userId ?? "", "past", query),
);
