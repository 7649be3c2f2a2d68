import { and, type Column, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Viewer } from "~/features/access";
import { isoInZone } from "~/features/time";
import { unauthorized } from "~/lib/errors";
import { formatMoney, money } from "~/lib/money";
import { type Db, getDb } from "~/platform/db.server";
import { enforceRateLimit } from "~/platform/rate-limit.server";
import { orders, users, walletEntries } from "~db/schema";
import { PRIVACY_COPY } from "./copy";
import { csvLine } from "./csv";
import { EXPORT_SECTIONS, type ExportSection, type Owner } from "./sections.server";

/** The downloads of "Download my data": everything as JSON, and the orders and the wallet as CSV for a spreadsheet. */
export const DATA_EXPORT_KINDS = ["json", "orders.csv", "wallet.csv"] as const;
export type DataExportKind = (typeof DATA_EXPORT_KINDS)[number];

export type DataExport = { filename: string; contentType: string; body: ReadableStream<Uint8Array> };

/** Exports per account and hour (each download counts: the whole export and the two CSVs are three). */
export const DATA_EXPORT_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 } as const;

/** Rows read per query: a page of a section, so a long history streams in bounded memory. */
const PAGE = 500;

/** The JSON export's format name: a reader can tell the layout it has. */
export const DATA_EXPORT_FORMAT = "noobrd-data-export/1";

/**
 * "Download my data" (docs/domain.md "Your data and your account"): the signed-in person's own records, streamed as
 * they are read (a fan with thousands of orders never sits in memory whole), counted against a per-account hourly
 * limit. JSON holds every section of EXPORT_SECTIONS, times in UTC ISO 8601 and amounts in minor units with their
 * currency, as stored; the CSVs hold the orders or the wallet entries, times in the person's zone (`zone`) with its
 * offset and each amount also formatted.
 */
export async function exportMyData(
  env: Env,
  viewer: Viewer | null,
  kind: DataExportKind,
  zone: string,
  now = new Date(),
): Promise<DataExport> {
  if (!viewer) throw unauthorized();
  await enforceRateLimit(
    env,
    [{ key: `data-export:account:${viewer.id}`, ...DATA_EXPORT_LIMIT }],
    PRIVACY_COPY.exportTooMany,
    now.getTime(),
  );
  const db = getDb(env);
  const profile = await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.id)).get();
  const owner: Owner = { userId: viewer.id, email: profile?.email ?? null };
  const day = now.toISOString().slice(0, 10);
  if (kind === "orders.csv") {
    return {
      filename: `noobrd-orders-${day}.csv`,
      contentType: "text/csv; charset=utf-8",
      body: stream(ordersCsv(db, owner, zone)),
    };
  }
  if (kind === "wallet.csv") {
    return {
      filename: `noobrd-wallet-${day}.csv`,
      contentType: "text/csv; charset=utf-8",
      body: stream(walletCsv(db, owner, zone)),
    };
  }
  return {
    filename: `noobrd-data-${day}.json`,
    contentType: "application/json; charset=utf-8",
    body: stream(exportJson(db, owner, { exportedAt: now, timeZone: zone })),
  };
}

/** A stream of the chunks, encoded as UTF-8, each read only when the reader asks for more. */
function stream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

type Row = Record<string, unknown>;

/** A section's rows, page by page in storage order (keyset on the rowid), its omitted columns left out. */
async function* sectionPages(db: Db, section: ExportSection, owner: Owner): AsyncGenerator<Row[]> {
  const omitted = new Set(section.omit ?? []);
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(section.table) as Record<string, Column>).filter(([key]) => !omitted.has(key)),
  );
  const owned = section.owned(owner);
  let after = 0;
  for (;;) {
    const rows = (await db
      .select({ ...columns, exportRowid: sql<number>`rowid` })
      .from(section.table as SQLiteTable)
      .where(and(owned, sql`rowid > ${after}`))
      .orderBy(sql`rowid`)
      .limit(PAGE)) as (Row & { exportRowid: number })[];
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.exportRowid ?? after;
    yield rows.map(({ exportRowid: _rowid, ...row }) => row);
    if (rows.length < PAGE) return;
  }
}

async function* exportJson(db: Db, owner: Owner, meta: { exportedAt: Date; timeZone: string }): AsyncGenerator<string> {
  yield `{"format":${JSON.stringify(DATA_EXPORT_FORMAT)},"exportedAt":${JSON.stringify(meta.exportedAt.toISOString())},"userId":${JSON.stringify(owner.userId)},"timeZone":${JSON.stringify(meta.timeZone)},"notes":${JSON.stringify(
    "Times are UTC (ISO 8601). Amounts are in minor units (cents, paise) of their currency.",
  )}`;
  for (const section of EXPORT_SECTIONS) {
    yield `,${JSON.stringify(section.name)}:[`;
    let first = true;
    for await (const rows of sectionPages(db, section, owner)) {
      const text = rows.map((row) => JSON.stringify(row)).join(",");
      yield first ? text : `,${text}`;
      first = false;
    }
    yield "]";
  }
  yield "}\n";
}

const amount = (minor: number, currency: string) =>
  formatMoney(money(minor, currency as "USD" | "INR"), { display: "code" });

/** Pages of explicit columns of one table (the CSVs), keyset on the rowid like the JSON's sections. */
async function* csvPages<T extends Record<string, unknown>>(
  read: (after: number) => Promise<(T & { exportRowid: number })[]>,
): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.exportRowid ?? after;
    yield rows;
    if (rows.length < PAGE) return;
  }
}

async function* ordersCsv(db: Db, owner: Owner, zone: string): AsyncGenerator<string> {
  yield csvLine([
    "order_id",
    "created_at",
    "kind",
    "status",
    "payment_method",
    "amount",
    "amount_minor",
    "currency",
    "discount_minor",
    "refunded_minor",
    "paid_at",
    "slot_id",
    "live_session_id",
  ]);
  const read = (after: number) =>
    db
      .select({
        exportRowid: sql<number>`rowid`,
        id: orders.id,
        createdAt: orders.createdAt,
        kind: orders.kind,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        amountMinor: orders.amountMinor,
        currency: orders.currency,
        discountMinor: orders.discountMinor,
        refundedMinor: orders.refundedMinor,
        paidAt: orders.paidAt,
        slotId: orders.slotId,
        liveSessionId: orders.liveSessionId,
      })
      .from(orders)
      .where(and(eq(orders.userId, owner.userId), sql`rowid > ${after}`) as SQL)
      .orderBy(sql`rowid`)
      .limit(PAGE);
  for await (const rows of csvPages(read)) {
    yield rows
      .map((o) =>
        csvLine([
          o.id,
          isoInZone(o.createdAt, zone),
          o.kind,
          o.status,
          o.paymentMethod,
          amount(o.amountMinor, o.currency),
          o.amountMinor,
          o.currency,
          o.discountMinor,
          o.refundedMinor,
          o.paidAt ? isoInZone(o.paidAt, zone) : "",
          o.slotId,
          o.liveSessionId,
        ]),
      )
      .join("");
  }
}

async function* walletCsv(db: Db, owner: Owner, zone: string): AsyncGenerator<string> {
  yield csvLine(["entry_id", "created_at", "kind", "amount", "amount_minor", "currency", "order_id", "note"]);
  const read = (after: number) =>
    db
      .select({
        exportRowid: sql<number>`rowid`,
        id: walletEntries.id,
        createdAt: walletEntries.createdAt,
        kind: walletEntries.kind,
        amountMinor: walletEntries.amountMinor,
        currency: walletEntries.currency,
        orderId: walletEntries.orderId,
        note: walletEntries.note,
      })
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, owner.userId), sql`rowid > ${after}`) as SQL)
      .orderBy(sql`rowid`)
      .limit(PAGE);
  for await (const rows of csvPages(read)) {
    yield rows
      .map((w) =>
        csvLine([
          w.id,
          isoInZone(w.createdAt, zone),
          w.kind,
          amount(w.amountMinor, w.currency),
          w.amountMinor,
          w.currency,
          w.orderId,
          w.note,
        ]),
      )
      .join("");
  }
}
