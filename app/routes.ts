import { prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { accountPages } from "./routes/_areas/account-pages";
import { adminPages } from "./routes/_areas/admin-pages";
import { apiAccount } from "./routes/_areas/api-account";
import { apiAdmin } from "./routes/_areas/api-admin";
import { apiBooking } from "./routes/_areas/api-booking";
import { apiCatalogue } from "./routes/_areas/api-catalogue";
import { apiChat } from "./routes/_areas/api-chat";
import { apiLive } from "./routes/_areas/api-live";
import { apiStreamer } from "./routes/_areas/api-streamer";
import { authPages } from "./routes/_areas/auth-pages";
import { devPages } from "./routes/_areas/dev-pages";
import { feedPages } from "./routes/_areas/feed-pages";
import { publicPages } from "./routes/_areas/public-pages";
import { streamerPages } from "./routes/_areas/streamer-pages";

/**
 * Every URL of the app, one list per area (app/routes/_areas/): the pages, then the JSON API under /api
 * (docs/domain.md, "The API contract"). Each area's routes read together in its own file.
 */
export default [
  ...publicPages,
  ...authPages,
  ...accountPages,
  ...streamerPages,
  ...adminPages,
  ...feedPages,
  ...devPages,
  ...prefix("api", [
    ...apiAccount,
    ...apiCatalogue,
    ...apiBooking,
    ...apiStreamer,
    ...apiLive,
    ...apiChat,
    ...apiAdmin,
    route("*", "routes/api/not-found.ts"),
  ]),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
