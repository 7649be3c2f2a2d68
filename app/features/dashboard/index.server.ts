/** The dashboard feature's server side: what other features, routes and the Worker may use of it. */
export { getAdminOverview } from "./dashboards.server";
export { openQueueCounts } from "./live-queues.server";
export { streamerDashboardPage } from "./streamer-page.server";
