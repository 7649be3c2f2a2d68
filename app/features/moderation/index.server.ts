/** The moderation feature's server side: what other features, routes and the Worker may use of it. */
export { banReportedUsers, listBans, listReports, markReportsReviewed, unbanUsers } from "./moderation.server";
