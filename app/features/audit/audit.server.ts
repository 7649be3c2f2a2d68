import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff, type StaffViewer } from "~/features/access";
import { newId } from "~/lib/id";
import { pageInfo } from "~/lib/paging";
import { z } from "~/lib/zod";
import { type Db, getDb, named } from "~/platform/db.server";
import { auditLog, type JsonValue, users } from "~db/schema";

export type AuditChange = {
  /** dotted action, e.g. "payout.create". */
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Dates become ISO strings and undefined disappears, so what is logged is what JSON can hold. */
function toJson(value: unknown): JsonValue | null {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}

/**
 * The audit entry of one staff change, as a statement to put IN THE SAME `db.batch([...])` as the change
 * (db/schema/audit.ts): the change and its record land together or not at all.
 */
export function auditStatement(db: Db, actor: StaffViewer, change: AuditChange, now = new Date()) {
  return db.insert(auditLog).values({
    id: newId(),
    actorId: actor.id,
    actorRole: actor.role,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId ?? null,
    before: toJson(change.before),
    after: toJson(change.after),
    createdAt: now,
  });
}

/**
 * `auditStatement` for a change that may turn out to change nothing (a guarded UPDATE: hiding a review already hidden,
 * closing reports already closed): one INSERT ... SELECT that writes the row only when the statement just before it
 * in the batch changed a row (`changes() > 0`). Put it right after that statement, so concurrent identical requests
 * leave one audit row, written by the one that made the change.
 */
export function auditIfChangedStatement(db: Db, actor: StaffViewer, change: AuditChange, now = new Date()) {
  const before = toJson(change.before);
  const after = toJson(change.after);
  return db.insert(auditLog).select(
    db
      .select({
        id: sql<string>`${newId()}`.as("id"),
        actorId: sql<string>`${actor.id}`.as("actor_id"),
        actorRole: sql<string>`${actor.role}`.as("actor_role"),
        action: sql<string>`${change.action}`.as("action"),
        entity: sql<string>`${change.entity}`.as("entity"),
        entityId: sql<string | null>`${change.entityId ?? null}`.as("entity_id"),
        before: sql<string | null>`${before === null ? null : JSON.stringify(before)}`.as("before"),
        after: sql<string | null>`${after === null ? null : JSON.stringify(after)}`.as("after"),
        createdAt: sql<Date>`${now.getTime()}`.as("created_at"),
      })
      .from(sql`(SELECT 1)`)
      .where(sql`changes() > 0`),
  );
}

export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(100).optional().default(20),
  entity: z.string().trim().max(40).optional(),
  entityId: z.string().trim().max(80).optional(),
});

/** The audit log, newest first (admins only), optionally for one entity, with who made each change by name. */
export async function listAuditLog(env: Env, viewer: Viewer | null, query: z.output<typeof auditQuerySchema>) {
  assertStaff(viewer, "audit");
  const db = getDb(env);
  const where = and(
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
  );
  const [rows, total] = await db.batch([
    db
      .select(
        // Named: audit_log and users both have an id, which a batch would otherwise collapse (db.server.ts).
        named({
          id: auditLog.id,
          actorId: auditLog.actorId,
          actorRole: auditLog.actorRole,
          actorName: users.fullName,
          actorUsername: users.username,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
        }),
      )
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows, ...pageInfo(total[0]?.n ?? 0, query.page, query.limit) };
}
