import { and, eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditStatement } from "~/features/audit/index.server";
import { conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { type Payout, payouts } from "~db/schema";
import { getPayout } from "./admin-payouts.server";
import { PAYOUT_MESSAGES as M } from "./messages";
import type { PayoutOrderRow } from "./orders.server";

/**
 * The payout statement: an .xlsx workbook written with exceljs (it runs in workerd with nodejs_compat; the
 * workerd test parses the file back), stored in the PRIVATE bucket and served only to payouts staff.
 * Amounts are written as numbers in major units (minor / 100) with a two-decimal format, straight from the
 * payout's snapshot: the file never recomputes anything.
 */
export const STATEMENT_SHEETS = { summary: "Statement", orders: "Orders" } as const;
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const major = (minor: number) => minor / 100;
const pct = (bps: number) => `${bps / 100}%`;

/**
 * exceljs's Node build, not its browser bundle (which the worker bundler would pick by the "browser" field): the
 * browser bundle builds its task scheduler on a MessageChannel once, when first loaded, so in workerd the next
 * request that writes a workbook in the same isolate hangs ("Cannot perform I/O on behalf of a different
 * request"). The Node build runs on nodejs_compat and schedules within each request.
 */
async function loadExcelJs() {
  return (await import("exceljs/excel.js")).default;
}

export async function buildStatementXlsx(
  payout: Payout,
  orders: PayoutOrderRow[],
  influencer: { fullName: string; username: string } | null,
): Promise<Uint8Array> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Noobrd";
  workbook.created = payout.completedAt ?? payout.createdAt;
  const money = "#,##0.00";

  const summary = workbook.addWorksheet(STATEMENT_SHEETS.summary);
  summary.columns = [{ width: 34 }, { width: 18 }, { width: 18 }];
  summary.addRow(["Noobrd payout statement"]).font = { bold: true, size: 14 };
  summary.addRow(["Payout", payout.id]);
  summary.addRow(["Streamer", influencer ? `${influencer.fullName} (@${influencer.username})` : payout.influencerId]);
  summary.addRow(["Period start (UTC)", payout.periodStart.toISOString()]);
  summary.addRow(["Period end (UTC)", payout.periodEnd.toISOString()]);
  summary.addRow(["Status", payout.status]);
  summary.addRow(["Completed (UTC)", payout.completedAt?.toISOString() ?? ""]);
  summary.addRow(["Currency", payout.currency]);
  summary.addRow(["Orders", orders.length]);
  summary.addRow([]);
  summary.addRow(["Item", "Rate", `Amount (${payout.currency})`]).font = { bold: true };
  const lines: [string, string, number][] = [
    ["Gross (paid orders)", "", payout.grossMinor],
    ["Platform fee", pct(payout.platformFeeBps), -payout.platformFeeMinor],
    ["Indirect tax on platform fee", pct(payout.platformFeeIndirectTaxBps), -payout.platformFeeIndirectTaxMinor],
    ["Indirect tax", pct(payout.indirectTaxBps), -payout.indirectTaxMinor],
    ["TDS", pct(payout.tdsBps), -payout.tdsMinor],
    ["Net payable", "", payout.netMinor],
  ];
  for (const [label, rate, minor] of lines) {
    const row = summary.addRow([label, rate, major(minor)]);
    row.getCell(3).numFmt = money;
    if (label === "Net payable") row.font = { bold: true };
  }

  const sheet = workbook.addWorksheet(STATEMENT_SHEETS.orders);
  sheet.columns = [
    { header: "Order", key: "id", width: 24 },
    { header: "Session", key: "title", width: 40 },
    { header: "Buyer", key: "buyer", width: 20 },
    { header: "Session time (UTC)", key: "sessionAt", width: 26 },
    { header: "Paid (UTC)", key: "paidAt", width: 26 },
    { header: `Amount (${payout.currency})`, key: "amount", width: 16, style: { numFmt: money } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const order of orders) {
    sheet.addRow({
      id: order.id,
      title: order.title ?? order.kind,
      buyer: order.buyer,
      sessionAt: order.sessionAt?.toISOString() ?? "",
      paidAt: order.paidAt?.toISOString() ?? "",
      amount: major(order.netMinor),
    });
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

/**
 * Generates (or regenerates) a completed payout's statement into the private bucket and records its key
 * (POST /api/generate/execelsheet/:payoutId, and after "mark complete").
 */
export async function generatePayoutStatement(env: Env, viewer: Viewer | null, payoutId: string, now = new Date()) {
  assertStaff(viewer, "payouts");
  const { payout, orders, influencer } = await getPayout(env, viewer, payoutId);
  if (payout.status !== "completed") throw conflict(M.notActive);
  const bytes = await buildStatementXlsx(payout, orders, influencer);
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
  if (row?.status !== "completed") throw notFound(M.notFound);
  let object = row.key ? await env.PRIVATE_FILES.get(row.key) : null;
  if (!object) {
    const { key } = await generatePayoutStatement(env, viewer, payoutId);
    object = await env.PRIVATE_FILES.get(key);
  }
  if (!object) throw notFound(M.notFound);
  return { object, filename: `payout-${payoutId}.xlsx` };
}
