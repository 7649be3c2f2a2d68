import { liveQuerySchema } from "~/features/catalogue";
import { livePage } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/liveSessions (sessions live now; the live browse filters) */
export const loader = catalogueLoader(liveQuerySchema, livePage);
