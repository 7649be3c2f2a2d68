import { and, eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditStatement } from "~/features/audit/index.server";
import { conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { type StatementFacts, writeStatementXlsx } from "~/platform/documents.server";
import { type Payout, payouts } from "~db/schema";
import { getPayout } from "./admin-payouts.server";
import { PAYOUT_COPY } from "./copy";
import type { PayoutOrderRow } from "./orders.server";

/**
 * The payout statement: an .xlsx workbook (written by the documents Worker, app/platform/documents.server.ts; the
 * workerd test parses the file back), stored in the PRIVATE bucket and served only to payouts staff. Amounts are
 * numbers in major units (minor / 100), shown with two decimals, straight from the payout's snapshot: the file never
 * recomputes anything.
 */
export const STATEMENT_SHEETS = { summary: "Statement", orders: "Orders" } as const;
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const major = (minor: number) => minor / 100;
const pct = (bps: number) => `${bps / 100}%`;

/** What the statement says: the payout's summary and money lines, then one row per merged order. */
function statementFacts(
  payout: Payout,
  orders: PayoutOrderRow[],
  streamer: { fullName: string; username: string } | null,
): StatementFacts {
  const lines: [string, string, number][] = [
    ["Gross (paid orders)", "", payout.grossMinor],
    ["Platform fee", pct(payout.platformFeeBps), -payout.platformFeeMinor],
    ["Indirect tax on platform fee", pct(payout.platformFeeIndirectTaxBps), -payout.platformFeeIndirectTaxMinor],
    ["Indirect tax", pct(payout.indirectTaxBps), -payout.indirectTaxMinor],
    ["TDS", pct(payout.tdsBps), -payout.tdsMinor],
  ];
  return {
    creator: "Noobrd",
    createdAt: payout.completedAt ?? payout.createdAt,
    summary: {
      sheet: STATEMENT_SHEETS.summary,
      title: "Noobrd payout statement",
      details: [
        ["Payout", payout.id],
        ["Streamer", streamer ? `${streamer.fullName} (@${streamer.username})` : payout.streamerId],
        ["Period start (UTC)", payout.periodStart.toISOString()],
        ["Period end (UTC)", payout.periodEnd.toISOString()],
        ["Status", payout.status],
        ["Completed (UTC)", payout.completedAt?.toISOString() ?? ""],
        ["Currency", payout.currency],
        ["Orders", orders.length],
      ],
      header: ["Item", "Rate", `Amount (${payout.currency})`],
      lines: [
        ...lines.map(([label, rate, minor]) => ({ label, rate, amount: major(minor) })),
        { label: "Net payable", rate: "", amount: major(payout.netMinor), strong: true },
      ],
    },
    orders: {
      sheet: STATEMENT_SHEETS.orders,
      header: ["Order", "Session", "Buyer", "Session time (UTC)", "Paid (UTC)", `Amount (${payout.currency})`],
      rows: orders.map((order) => [
        order.id,
        order.title ?? order.kind,
        order.buyer,
        order.sessionAt?.toISOString() ?? "",
        order.paidAt?.toISOString() ?? "",
        major(order.netMinor),
      ]),
    },
  };
}

/**
 * Generates (or regenerates) a completed payout's statement into the private bucket and records its key
 * (POST /api/generate/execelsheet/:payoutId, and after "mark complete").
 */
export async function generatePayoutStatement(env: Env, viewer: Viewer | null, payoutId: string, now = new Date()) {
  assertStaff(viewer, "payouts");
  const { payout, orders, streamer } = await getPayout(env, viewer, payoutId);
  if (payout.status !== "completed") throw conflict(PAYOUT_COPY.notActive);
  const bytes = await writeStatementXlsx(env, statementFacts(payout, orders, streamer));
  const key = `payouts/${payout.id}/${newId()}.xlsx`;
  await env.PRIVATE_FILES.put(key, bytes, {
    httpMetadata: { contentType: XLSX_TYPE, contentDisposition: `attachment; filename="payout-${payout.id}.xlsx"` },
  });
  const db = getDb(env);
  await db.batch([
    db
      .update(payouts)
      .set({ spreadsheetKey: key, updatedAt: now })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, "completed"))),
    auditStatement(
      db,
      viewer,
      {
        action: "payout.statement",
        entity: "payout",
        entityId: payout.id,
        before: { key: payout.spreadsheetKey },
        after: { key },
      },
      now,
    ),
  ]);
  if (payout.spreadsheetKey && payout.spreadsheetKey !== key) await env.PRIVATE_FILES.delete(payout.spreadsheetKey);
  return { key, size: bytes.byteLength, url: `/admin/payout/statement/${payout.id}` };
}

/** The statement file for download (payouts staff only); generated first if it is missing. */
export async function readPayoutStatement(env: Env, viewer: Viewer | null, payoutId: string) {
  assertStaff(viewer, "payouts");
  const row = await getDb(env)
    .select({ key: payouts.spreadsheetKey, status: payouts.status })
    .from(payouts)
    .where(eq(payouts.id, payoutId))
    .get();
  if (row?.status !== "completed") throw notFound(PAYOUT_COPY.notFound);
  let object = row.key ? await env.PRIVATE_FILES.get(row.key) : null;
  if (!object) {
    const { key } = await generatePayoutStatement(env, viewer, payoutId);
    object = await env.PRIVATE_FILES.get(key);
  }
  if (!object) throw notFound(PAYOUT_COPY.notFound);
  return { object, filename: `payout-${payoutId}.xlsx` };
}
