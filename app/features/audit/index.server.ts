/** The audit feature's server side: what other features, routes and the Worker may use of it. */
export { auditIfChangedStatement, auditQuerySchema, auditStatement, listAuditLog } from "./audit.server";
