/** The audit feature's server side: what other features, routes and the Worker may use of it. */
export { auditQuerySchema, auditStatement, listAuditLog } from "./audit.server";
