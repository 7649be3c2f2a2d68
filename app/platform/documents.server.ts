/**
 * The documents Worker (workers/documents/, docs/decisions/025-documents-worker.md) behind the DOCUMENTS service
 * binding: it draws a file from facts this Worker has already decided (every text written, every amount formatted
 * or counted in major units), and returns its bytes. The features keep their rules and their data; only the drawing
 * (pdf-lib, exceljs: ~3 MB of code) runs in the other Worker, so neither is part of this Worker's upload.
 */

/** A label on the left and a value set flush right ("Total charged ... USD 20.00"); `strong` draws both bold. */
export type DocumentRow = { label: string; value: string; strong?: boolean };

/** A heading over lines of text. */
type DocumentBlock = { heading: string; lines: string[] };

/** An invoice's facts: what it says, in the order it says it. The documents Worker only lays them out (A4). */
export type InvoiceFacts = {
  /** The PDF's own properties. */
  meta: { title: string; subject: string; author: string; createdAt: Date };
  heading: string;
  /** The lines under the heading (order id, dates, status). */
  details: string[];
  /** Two blocks side by side: the seller, then the buyer. */
  parties: [DocumentBlock, DocumentBlock];
  item: DocumentBlock;
  amounts: DocumentRow[];
  /** Set when money went back: its rows, the last the net paid. */
  refunds: { heading: string; rows: DocumentRow[] } | null;
  /** The small print at the bottom. */
  footer: string[];
};

/** A cell of a statement: text, or a number (amounts in major units, shown with two decimals). */
type SheetCell = string | number;

/** A payout statement's facts: two sheets, a summary and the orders. Amounts come straight from the payout. */
export type StatementFacts = {
  creator: string;
  createdAt: Date;
  summary: {
    sheet: string;
    title: string;
    /** Label and value pairs under the title (payout id, streamer, period...). */
    details: [string, SheetCell][];
    /** The money table: its header, then rows whose `amount` is shown as money; `strong` rows are bold. */
    header: [string, string, string];
    lines: { label: string; rate: string; amount: number; strong?: boolean }[];
  };
  /** One row per order; the last column is an amount. */
  orders: { sheet: string; header: string[]; rows: SheetCell[][] };
};

/** What the documents Worker answers (its entrypoint implements it). */
export interface DocumentsApi {
  invoicePdf(facts: InvoiceFacts): Promise<Uint8Array>;
  statementXlsx(facts: StatementFacts): Promise<Uint8Array>;
}

/**
 * The binding, typed by the contract above: the generated `Env` types a service binding as a plain `Fetcher` unless
 * `wrangler types` is given the documents Worker's config as well.
 */
const documents = (env: Env) => env.DOCUMENTS as unknown as DocumentsApi;

/** The invoice's PDF, drawn by the documents Worker. */
export function drawInvoicePdf(env: Env, facts: InvoiceFacts): Promise<Uint8Array> {
  return documents(env).invoicePdf(facts);
}

/** The payout statement's .xlsx workbook, written by the documents Worker. */
export function writeStatementXlsx(env: Env, facts: StatementFacts): Promise<Uint8Array> {
  return documents(env).statementXlsx(facts);
}
