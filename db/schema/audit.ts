/**
 * The staff audit log: who changed what, when, and the values before and after.
 *
 * Invariants carried here:
 * - every staff change writes its entry IN THE SAME db.batch as the change itself
 *   (app/features/audit/audit.server.ts `auditStatement`), so a change and its record land or fail together;
 * - append-only: triggers refuse UPDATE and DELETE (migration 0008), like the wallet ledger;
 * - the actor link is kept only while the user exists (SET NULL); actor_role keeps the role they acted in;
 * - secrets are never written here (the site password is recorded as "[hash changed]").
 */
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, type JsonValue } from "./columns";
import { users } from "./users";

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorRole: text("actor_role").notNull(),
    /** dotted action name, e.g. "payout.create", "report.ban", "config.update". */
    action: text("action").notNull(),
    /** What was changed: a table-like name ("payout", "promo_code") and its id (or key). */
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: text("before", { mode: "json" }).$type<JsonValue>(),
    after: text("after", { mode: "json" }).$type<JsonValue>(),
    createdAt: createdAt(),
  },
  (t) => [
    check("audit_log_action_check", sql`length(${t.action}) BETWEEN 3 AND 64`),
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
export type NewAuditEntry = typeof auditLog.$inferInsert;
