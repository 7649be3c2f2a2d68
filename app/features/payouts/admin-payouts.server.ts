import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff, type StaffViewer } from "~/features/access";
import { auditStatement } from "~/features/audit/index.server";
import { earningOrder, orderNetMinor } from "~/features/earnings";
import { badRequest, conflict, notFound } from "~/lib/errors";
import { batchGuard, col, type Db, getDb, idChunks, selectInChunks } from "~/platform/db.server";
import { orders, type PayoutStatus, payoutOrders, payouts, streamerProfiles, users } from "~db/schema";
import type { EditPayoutInput } from "./admin-schema";
import { PAYOUT_COPY } from "./copy";
import {
  mergedExactly,
  mergeStatements,
  ratesColumns,
  readMergeable,
  runGuarded,
  unique,
  withOverrides,
} from "./merge.server";
import { ordersOfPayout } from "./orders.server";
import { payoutTotals } from "./totals";

/**
 * Staff payouts (docs/domain.md: remaining orders -> draft (editable) -> active -> completed, or removed
 * while a draft). Every use case checks the "payouts" capability first, writes in one batch with its audit
 * entry, and guards its own writes (docs/decisions/015-payouts.md): an order is merged only while it is
 * payable, the partial UNIQUE index keeps it in one non-removed payout, and a guard statement rolls the batch
 * back unless exactly the asked-for orders ended up in the payout. Creating payouts is create.server.ts; what the
 * writes share (rates, merging, guards) is merge.server.ts.
 */

async function loadPayout(db: Db, payoutId: string) {
  const payout = await db.select().from(payouts).where(eq(payouts.id, payoutId)).get();
  if (!payout) throw notFound(PAYOUT_COPY.notFound);
  return payout;
}

/** Edits a draft: the new set of merged orders (in and out), and optionally its percentages. */
export async function editPayout(env: Env, viewer: Viewer | null, input: EditPayoutInput, now = new Date()) {
  assertStaff(viewer, "payouts");
  const db = getDb(env);
  const payout = await loadPayout(db, input.editingPayoutId);
  if (payout.status !== "draft") throw conflict(PAYOUT_COPY.notDraft);
  const ids = unique(input.newMergedOrders);
  const rows = await readMergeable(db, payout.streamerId, ids, payout.id);
  if (rows.some((row) => row.currency !== payout.currency)) throw badRequest(PAYOUT_COPY.mixedCurrencies);
  const rates = withOverrides(payout, input);
  const totals = payoutTotals(rows, rates);
  const before = { ...payout, orders: (await ordersOfPayout(db, payout.id)).map((o) => o.id) };
  await runGuarded(
    () =>
      db.batch([
        // The draft's rows are written anew: out go the ones merged out, back in (while payable) the ones kept.
        db.delete(payoutOrders).where(eq(payoutOrders.payoutId, payout.id)),
        ...mergeStatements(db, payout.id, payout.streamerId, ids, now),
        db
          .update(payouts)
          .set({ ...ratesColumns(rates), ...totals, updatedAt: now })
          .where(and(eq(payouts.id, payout.id), eq(payouts.status, "draft"))),
        batchGuard(db, sql`changes() = 1`),
        mergedExactly(db, payout.id, payout.streamerId, ids.length),
        auditStatement(
          db,
          viewer,
          {
            action: "payout.edit",
            entity: "payout",
            entityId: payout.id,
            before,
            after: { ...rates, ...totals, orders: ids },
          },
          now,
        ),
      ]),
    PAYOUT_COPY.ordersNotPayable,
  );
  return { id: payout.id, ...totals, rates, orders: ids.length };
}

/** A one-payout state change, with its guard that it happened and its audit entry. */
async function transition(
  db: Db,
  payoutId: string,
  change: { from: PayoutStatus; to: PayoutStatus; set: Partial<typeof payouts.$inferInsert> },
  now: Date,
  message: string,
) {
  const payout = await loadPayout(db, payoutId);
  if (payout.status !== change.from) throw conflict(message);
  const statements = [
    db
      .update(payouts)
      .set({ status: change.to, ...change.set, updatedAt: now })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, change.from))),
    batchGuard(db, sql`changes() = 1`),
  ] as const;
  return { payout, statements };
}

/** Removes a draft payout: its orders become payable again (payout_orders.active = 0, same batch). */
export async function removePayout(env: Env, viewer: Viewer | null, payoutId: string, now = new Date()) {
  assertStaff(viewer, "payouts");
  const db = getDb(env);
  const { payout, statements } = await transition(
    db,
    payoutId,
    { from: "draft", to: "removed", set: { removedAt: now } },
    now,
    PAYOUT_COPY.notDraft,
  );
  await runGuarded(
    () =>
      db.batch([
        ...statements,
        db.update(payoutOrders).set({ active: false }).where(eq(payoutOrders.payoutId, payoutId)),
        auditStatement(
          db,
          viewer,
          {
            action: "payout.remove",
            entity: "payout",
            entityId: payoutId,
            before: { status: payout.status },
            after: { status: "removed" },
          },
          now,
        ),
      ]),
    PAYOUT_COPY.notDraft,
  );
  return { id: payoutId };
}

/** Makes a draft active (it has orders, and they are all still payable). */
export async function activatePayout(env: Env, viewer: Viewer | null, payoutId: string, now = new Date()) {
  assertStaff(viewer, "payouts");
  const db = getDb(env);
  const { payout, statements } = await transition(
    db,
    payoutId,
    { from: "draft", to: "active", set: { activatedAt: now } },
    now,
    PAYOUT_COPY.notDraft,
  );
  const count = (await ordersOfPayout(db, payoutId)).length;
  if (count === 0) throw conflict(PAYOUT_COPY.noOrders);
  await runGuarded(
    () =>
      db.batch([
        ...statements,
        mergedExactly(db, payoutId, payout.streamerId, count),
        auditStatement(
          db,
          viewer,
          {
            action: "payout.activate",
            entity: "payout",
            entityId: payoutId,
            before: { status: "draft" },
            after: { status: "active" },
          },
          now,
        ),
      ]),
    PAYOUT_COPY.ordersNotPayable,
  );
  return { id: payoutId };
}

/**
 * The statements that mark active payouts complete, all or none, for one batch: each still has exactly its orders
 * as earning orders whose net adds up to the gross it was made with (a payout pays exactly what it says), plus an
 * audit entry each. `complete.server.ts` runs them with the statements and the streamer's notification.
 */
export async function completionStatements(db: Db, viewer: StaffViewer, payoutIds: string[], now: Date) {
  const ids = unique(payoutIds);
  const found = await selectInChunks(ids, (chunk) =>
    db.select({ id: payouts.id, status: payouts.status }).from(payouts).where(inArray(payouts.id, chunk)).all(),
  );
  if (found.length !== ids.length) throw notFound(PAYOUT_COPY.notFound);
  if (found.some((p) => p.status !== "active")) throw conflict(PAYOUT_COPY.notActive);
  const statements = idChunks(ids).flatMap((chunk) => [
    db
      .update(payouts)
      .set({ status: "completed", completedAt: now, updatedAt: now })
      .where(and(inArray(payouts.id, chunk), eq(payouts.status, "active"))),
    batchGuard(db, sql`changes() = ${chunk.length}`),
    // Every order of each payout is still an earning order, and their net is the payout's gross.
    batchGuard(
      db,
      sql`NOT EXISTS (SELECT 1 FROM ${payouts} p WHERE p.id IN ${chunk} AND (
            EXISTS (SELECT 1 FROM ${payoutOrders} po JOIN ${orders} ON ${col(orders.id)} = po.order_id
              WHERE po.payout_id = p.id AND po.active = 1 AND NOT ${earningOrder()})
            OR p.gross_minor <> (SELECT coalesce(sum(${orderNetMinor}), 0) FROM ${payoutOrders} po
              JOIN ${orders} ON ${col(orders.id)} = po.order_id WHERE po.payout_id = p.id AND po.active = 1)))`,
    ),
  ]);
  const audits = ids.map((id) =>
    auditStatement(
      db,
      viewer,
      {
        action: "payout.complete",
        entity: "payout",
        entityId: id,
        before: { status: "active" },
        after: { status: "completed" },
      },
      now,
    ),
  );
  return { ids, statements: [...statements, ...audits] };
}

/** Payouts of a streamer: "active" (drafts and active ones, staff's work in progress) or "history". */
export async function listPayouts(env: Env, viewer: Viewer | null, streamerId: string, which: "active" | "history") {
  assertStaff(viewer, "payouts");
  const statuses: PayoutStatus[] = which === "active" ? ["draft", "active"] : ["completed", "removed"];
  const db = getDb(env);
  return db
    .select({
      id: payouts.id,
      status: payouts.status,
      periodStart: payouts.periodStart,
      periodEnd: payouts.periodEnd,
      currency: payouts.currency,
      grossMinor: payouts.grossMinor,
      platformFeeBps: payouts.platformFeeBps,
      platformFeeMinor: payouts.platformFeeMinor,
      platformFeeIndirectTaxBps: payouts.platformFeeIndirectTaxBps,
      platformFeeIndirectTaxMinor: payouts.platformFeeIndirectTaxMinor,
      indirectTaxBps: payouts.indirectTaxBps,
      indirectTaxMinor: payouts.indirectTaxMinor,
      tdsBps: payouts.tdsBps,
      tdsMinor: payouts.tdsMinor,
      netMinor: payouts.netMinor,
      hasSpreadsheet: sql<boolean>`${payouts.spreadsheetKey} IS NOT NULL`.mapWith(Boolean),
      createdAt: payouts.createdAt,
      activatedAt: payouts.activatedAt,
      completedAt: payouts.completedAt,
      removedAt: payouts.removedAt,
      // A removed payout's orders were released (active = 0): it counts the orders it held, which went back.
      orders: sql<number>`(SELECT count(*) FROM ${payoutOrders} po WHERE po.payout_id = ${col(payouts.id)} AND (po.active = 1 OR ${col(payouts.status)} = 'removed'))`,
    })
    .from(payouts)
    .where(and(eq(payouts.streamerId, streamerId), inArray(payouts.status, statuses)))
    .orderBy(desc(payouts.createdAt))
    .limit(100)
    .all();
}

/** One payout with its orders (for the edit form and the statement). */
export async function getPayout(env: Env, viewer: Viewer | null, payoutId: string) {
  assertStaff(viewer, "payouts");
  const db = getDb(env);
  const payout = await loadPayout(db, payoutId);
  const [orderRows, streamer] = await Promise.all([
    ordersOfPayout(db, payoutId),
    db
      .select({ id: users.id, fullName: users.fullName, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, payout.streamerId))
      .get(),
  ]);
  return { payout, orders: orderRows, streamer: streamer ?? null };
}

/** The streamer a payout or validation screen is about (name, fee, verified), or 404. */
export async function streamerForStaff(
  env: Env,
  viewer: Viewer | null,
  streamerId: string,
  capability: "payouts" | "validations",
) {
  assertStaff(viewer, capability);
  const row = await getDb(env)
    .select({
      id: users.id,
      fullName: users.fullName,
      username: users.username,
      platformFeeBps: streamerProfiles.platformFeeBps,
      isVerified: streamerProfiles.isVerified,
    })
    .from(streamerProfiles)
    .innerJoin(users, eq(users.id, streamerProfiles.userId))
    .where(eq(streamerProfiles.userId, streamerId))
    .get();
  if (!row) throw notFound("Influencer not found");
  return row;
}
