import ExcelJS from "exceljs/excel.js";
import type { StatementFacts } from "../../app/platform/documents.server";

/** Amounts arrive in major units and show with two decimals. */
const MONEY = "#,##0.00";
const SUMMARY_WIDTHS = [34, 18, 18];
const ORDER_WIDTHS = [24, 40, 20, 26, 26, 16];

/**
 * The payout statement as an .xlsx workbook: a summary sheet (title, details, the money table) and one row per order,
 * amounts as numbers with a money format. It writes the facts as given and computes nothing.
 *
 * exceljs's Node build, not its browser bundle (which a worker bundler picks by the "browser" field): the browser
 * bundle builds its task scheduler on a MessageChannel once, when first loaded, so in workerd the next request that
 * writes a workbook in the same isolate hangs ("Cannot perform I/O on behalf of a different request"). The Node
 * build runs on nodejs_compat and schedules within each request.
 */
export async function statementXlsx(facts: StatementFacts): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = facts.creator;
  workbook.created = facts.createdAt;

  const { summary, orders } = facts;
  const first = workbook.addWorksheet(summary.sheet);
  first.columns = SUMMARY_WIDTHS.map((width) => ({ width }));
  first.addRow([summary.title]).font = { bold: true, size: 14 };
  for (const detail of summary.details) first.addRow(detail);
  first.addRow([]);
  first.addRow(summary.header).font = { bold: true };
  for (const line of summary.lines) {
    const row = first.addRow([line.label, line.rate, line.amount]);
    row.getCell(3).numFmt = MONEY;
    if (line.strong) row.font = { bold: true };
  }

  const sheet = workbook.addWorksheet(orders.sheet);
  sheet.columns = orders.header.map((header, i) => ({
    header,
    width: ORDER_WIDTHS[i] ?? 20,
    ...(i === orders.header.length - 1 ? { style: { numFmt: MONEY } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of orders.rows) sheet.addRow(row);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
