import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { auditStatement } from "~/features/audit/audit.server";
import type { Viewer } from "~/features/auth/policy";
import { assertStaff, type StaffViewer } from "~/features/auth/staff";
import { earningOrder, orderNetMinor } from "~/features/earnings/earning-order";
import { badRequest, conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import {
  batchGuard,
  col,
  type Db,
  getDb,
  idChunks,
  isBatchGuardFailure,
  isUniqueViolation,
  selectInChunks,
} from "~/platform/db.server";
import {
  CONFIG_KEYS,
  configurations,
  influencerProfiles,
  orders,
  type PayoutStatus,
  payoutOrders,
  payouts,
  users,
} from "~db/schema";
import type { CreatePayoutInput, EditPayoutInput, PayoutRatesInput } from "./admin-schema";
import { percentToBps } from "./admin-schema";
import { PAYOUT_MESSAGES as M } from "./messages";
import { inNoActivePayout, orderRowsQuery, ordersOfPayout, paidWithin, payableOrder } from "./orders.server";
import { DEFAULT_PAYOUT_TAX_BPS, type PayoutRates, payoutTotals } from "./totals";

/**
 * Staff payouts (docs/domain.md: remaining orders -> draft (editable) -> active -> completed, or removed
 * while a draft). Every use case checks the "payouts" capability first, writes in one batch with its audit
 * entry, and guards its own writes (docs/decisions/015-payouts.md): an order is merged only while it is
 * payable, the partial UNIQUE index keeps it in one non-removed payout, and a guard statement rolls the batch
 * back unless exactly the asked-for orders ended up in the payout.
 */

/** The default percentages a new payout snapshots: the streamer's fee, then the configured taxes. */
export async function defaultRates(db: Db, influencerId: string): Promise<PayoutRates> {
  const [profile, config] = await Promise.all([
    db
      .select({ platformFeeBps: influencerProfiles.platformFeeBps })
      .from(influencerProfiles)
      .where(eq(influencerProfiles.userId, influencerId))
      .get(),
    db
      .select({ value: configurations.value })
      .from(configurations)
      .where(eq(configurations.key, CONFIG_KEYS.payoutTaxes))
      .get(),
  ]);
  if (!profile) throw notFound("Influencer not found");
  const taxes = (config?.value ?? {}) as Record<string, unknown>;
  const bps = (value: unknown, fallback: number) =>
    typeof value === "number" && value >= 0 && value <= 100 ? percentToBps(value) : fallback;
  return {
    platformFeeBps: profile.platformFeeBps,
    platformFeeIndirectTaxBps: bps(
      taxes.platformFeesIndirectTaxPercent,
      DEFAULT_PAYOUT_TAX_BPS.platformFeeIndirectTaxBps,
    ),
    indirectTaxBps: bps(taxes.indirectTaxPercent, DEFAULT_PAYOUT_TAX_BPS.indirectTaxBps),
    tdsBps: bps(taxes.tdsPercent, DEFAULT_PAYOUT_TAX_BPS.tdsBps),
  };
}

function withOverrides(rates: PayoutRates, input: PayoutRatesInput): PayoutRates {
  return {
    platformFeeBps:
      input.platformFeesPercentage === undefined ? rates.platformFeeBps : percentToBps(input.platformFeesPercentage),
    platformFeeIndirectTaxBps:
      input.platformFeesIndirectTaxPercentage === undefined
        ? rates.platformFeeIndirectTaxBps
        : percentToBps(input.platformFeesIndirectTaxPercentage),
    indirectTaxBps:
      input.indirectTaxPercentage === undefined ? rates.indirectTaxBps : percentToBps(input.indirectTaxPercentage),
    tdsBps: input.tdsPercentage === undefined ? rates.tdsBps : percentToBps(input.tdsPercentage),
  };
}

/** Orders of the streamer that a new payout for this period could settle. */
export async function remainingOrders(
  env: Env,
  viewer: Viewer | null,
  influencerId: string,
  period: { startTime: Date; endTime: Date },
) {
  assertStaff(viewer, "payouts");
  const db = getDb(env);
  const rows = await orderRowsQuery(
    db,
    sql`${payableOrder(influencerId)} AND ${inNoActivePayout()} AND ${paidWithin(period)}`,
  ).all();
  const rates = await defaultRates(db, influencerId);
  return { orders: rows, rates, totals: payoutTotals(rows, rates) };
}

/** The orders asked for, each read with its amount; refuses a set that is not payable now. */
async function readMergeable(db: Db, influencerId: string, ids: string[], ownPayoutId: string | null) {
  const rows = await selectInChunks(ids, (chunk) =>
    orderRowsQuery(
      db,
      and(
        inArray(orders.id, chunk),
        sql`${payableOrder(influencerId)}`,
        ownPayoutId
          ? sql`NOT EXISTS (SELECT 1 FROM ${payoutOrders} po WHERE po.order_id = ${col(orders.id)} AND po.active = 1 AND po.payout_id <> ${ownPayoutId})`
          : inNoActivePayout(),
      ),
    ).all(),
  );
  if (rows.length !== ids.length) throw conflict(M.ordersNotPayable);
  const currencies = new Set(rows.map((row) => row.currency));
  if (currencies.size > 1) throw badRequest(M.mixedCurrencies);
  return { rows, currency: rows[0]?.currency ?? "USD" };
}

/** Guard: every order of the payout is still payable, and there are exactly `count` of them. */
function mergedExactly(db: Db, payoutId: string, influencerId: string, count: number) {
  return batchGuard(
    db,
    sql`(SELECT count(*) FROM ${payoutOrders} po WHERE po.payout_id = ${payoutId} AND po.active = 1) = ${count}
      AND NOT EXISTS (SELECT 1 FROM ${payoutOrders} po JOIN ${orders} ON ${col(orders.id)} = po.order_id
        WHERE po.payout_id = ${payoutId} AND po.active = 1 AND NOT (${payableOrder(influencerId)}))`,
  );
}

/**
 * Inserts the payout's rows for these orders, each only while it is payable (and not merged elsewhere): one
 * statement per chunk of ids (D1 binds at most 100 values), all in the caller's batch.
 */
function mergeStatements(db: Db, payoutId: string, influencerId: string, ids: string[], now: Date) {
  return idChunks(ids).map((chunk) =>
    db
      .insert(payoutOrders)
      .select(
        db
          .select({
            payoutId: sql<string>`${payoutId}`.as("payout_id"),
            orderId: orders.id,
            active: sql<boolean>`1`.as("active"),
            createdAt: sql<Date>`${now.getTime()}`.as("created_at"),
          })
          .from(orders)
          .where(and(inArray(orders.id, chunk), sql`${payableOrder(influencerId)}`, inNoActivePayout())),
      )
      .onConflictDoNothing(),
  );
}

async function runGuarded<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isBatchGuardFailure(error) || isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}

const unique = (ids: string[]) => [...new Set(ids)];

function ratesColumns(rates: PayoutRates) {
  return {
    platformFeeBps: rates.platformFeeBps,
    platformFeeIndirectTaxBps: rates.platformFeeIndirectTaxBps,
    indirectTaxBps: rates.indirectTaxBps,
    tdsBps: rates.tdsBps,
  };
}

/** Creates a draft payout merging the chosen orders, with its snapshot of percentages and totals. */
export async function createPayout(env: Env, viewer: Viewer | null, input: CreatePayoutInput, now = new Date()) {
  assertStaff(viewer, "payouts");
  const db = getDb(env);
  const ids = unique(input.mergedOrders);
  const profile = await db
    .select({ isVerified: influencerProfiles.isVerified })
    .from(influencerProfiles)
    .where(eq(influencerProfiles.userId, input.influencerId))
    .get();
  if (!profile) throw notFound("Influencer not found");
  if (!profile.isVerified) throw conflict(M.notVerified);
  const { rows, currency } = await readMergeable(db, input.influencerId, ids, null);
  const outside = rows.some(
    (row) => !row.paidAt || row.paidAt < input.startTime || row.paidAt.getTime() > input.endTime.getTime(),
  );
  if (outside) throw conflict(M.ordersNotPayable);
  const rates = withOverrides(await defaultRates(db, input.influencerId), input);
  const totals = payoutTotals(rows, rates);
  const id = newId();
  const values = {
    id,
    influencerId: input.influencerId,
    periodStart: input.startTime,
    periodEnd: input.endTime,
    status: "draft" as const,
    ...ratesColumns(rates),
    currency,
    ...totals,
    createdBy: viewer.id,
    createdAt: now,
    updatedAt: now,
  };
  await runGuarded(
    () =>
      db.batch([
        db.insert(payouts).values(values),
        ...mergeStatements(db, id, input.influencerId, ids, now),
        mergedExactly(db, id, input.influencerId, ids.length),
        batchGuard(
          db,
          sql`EXISTS (SELECT 1 FROM ${influencerProfiles} WHERE ${col(influencerProfiles.userId)} = ${input.influencerId} AND ${col(influencerProfiles.isVerified)} = 1)`,
        ),
        auditStatement(
          db,
          viewer,
          { action: "payout.create", entity: "payout", entityId: id, after: { ...values, orders: ids } },
          now,
        ),
      ]),
    M.ordersNotPayable,
  );
  return { id, ...totals, rates, currency, orders: ids.length };
}

async function loadPayout(db: Db, payoutId: string) {
  const payout = await db.select().from(payouts).where(eq(payouts.id, payoutId)).get();
  if (!payout) throw notFound(M.notFound);
  return payout;
}

/** Edits a draft: the new set of merged orders (in and out), and optionally its percentages. */
export async function editPayout(env: Env, viewer: Viewer | null, input: EditPayoutInput, now = new Date()) {
  assertStaff(viewer, "payouts");
  const db = getDb(env);
  const payout = await loadPayout(db, input.editingPayoutId);
  if (payout.status !== "draft") throw conflict(M.notDraft);
  const ids = unique(input.newMergedOrders);
  const { rows, currency } = await readMergeable(db, payout.influencerId, ids, payout.id);
  if (currency !== payout.currency) throw badRequest(M.mixedCurrencies);
  const rates = withOverrides(payout, input);
  const totals = payoutTotals(rows, rates);
  const before = { ...payout, orders: (await ordersOfPayout(db, payout.id)).map((o) => o.id) };
  await runGuarded(
    () =>
      db.batch([
        // The draft's rows are written anew: out go the ones merged out, back in (while payable) the ones kept.
        db.delete(payoutOrders).where(eq(payoutOrders.payoutId, payout.id)),
        ...mergeStatements(db, payout.id, payout.influencerId, ids, now),
        db
          .update(payouts)
          .set({ ...ratesColumns(rates), ...totals, updatedAt: now })
          .where(and(eq(payouts.id, payout.id), eq(payouts.status, "draft"))),
        batchGuard(db, sql`changes() = 1`),
        mergedExactly(db, payout.id, payout.influencerId, ids.length),
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
    M.ordersNotPayable,
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
    M.notDraft,
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
    M.notDraft,
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
    M.notDraft,
  );
  const count = (await ordersOfPayout(db, payoutId)).length;
  if (count === 0) throw conflict(M.noOrders);
  await runGuarded(
    () =>
      db.batch([
        ...statements,
        mergedExactly(db, payoutId, payout.influencerId, count),
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
    M.ordersNotPayable,
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
  if (found.length !== ids.length) throw notFound(M.notFound);
  if (found.some((p) => p.status !== "active")) throw conflict(M.notActive);
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

export { runGuarded };

/** Payouts of a streamer: "active" (drafts and active ones, staff's work in progress) or "history". */
export async function listPayouts(env: Env, viewer: Viewer | null, influencerId: string, which: "active" | "history") {
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
      orders: sql<number>`(SELECT count(*) FROM ${payoutOrders} po WHERE po.payout_id = ${col(payouts.id)} AND po.active = 1)`,
    })
    .from(payouts)
    .where(and(eq(payouts.influencerId, influencerId), inArray(payouts.status, statuses)))
    .orderBy(desc(payouts.createdAt))
    .limit(100)
    .all();
}

/** One payout with its orders (for the edit form and the statement). */
export async function getPayout(env: Env, viewer: Viewer | null, payoutId: string) {
  assertStaff(viewer, "payouts");
  const db = getDb(env);
  const payout = await loadPayout(db, payoutId);
  const [orderRows, influencer] = await Promise.all([
    ordersOfPayout(db, payoutId),
    db
      .select({ id: users.id, fullName: users.fullName, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, payout.influencerId))
      .get(),
  ]);
  return { payout, orders: orderRows, influencer: influencer ?? null };
}

/** The streamer a payout or validation screen is about (name, fee, verified), or 404. */
export async function influencerForStaff(
  env: Env,
  viewer: Viewer | null,
  influencerId: string,
  capability: "payouts" | "validations",
) {
  assertStaff(viewer, capability);
  const row = await getDb(env)
    .select({
      id: users.id,
      fullName: users.fullName,
      username: users.username,
      platformFeeBps: influencerProfiles.platformFeeBps,
      isVerified: influencerProfiles.isVerified,
    })
    .from(influencerProfiles)
    .innerJoin(users, eq(users.id, influencerProfiles.userId))
    .where(eq(influencerProfiles.userId, influencerId))
    .get();
  if (!row) throw notFound("Influencer not found");
  return row;
}
