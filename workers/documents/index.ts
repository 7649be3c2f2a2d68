import { WorkerEntrypoint } from "cloudflare:workers";
import type { DocumentsApi, InvoiceFacts, StatementFacts } from "../../app/platform/documents.server";
import { invoicePdf } from "./invoice";
import { statementXlsx } from "./statement";

/**
 * The documents Worker (docs/decisions/025-documents-worker.md): the page Worker calls these methods over its
 * DOCUMENTS service binding (app/platform/documents.server.ts) with a document's facts, already decided, and gets
 * the file's bytes. Nothing else reaches it: it has no bindings, no routes and answers no HTTP request.
 */
export default class Documents extends WorkerEntrypoint implements DocumentsApi {
  override fetch(): Response {
    return new Response("Not found", { status: 404 });
  }

  invoicePdf(facts: InvoiceFacts): Promise<Uint8Array> {
    return invoicePdf(facts);
  }

  statementXlsx(facts: StatementFacts): Promise<Uint8Array> {
    return statementXlsx(facts);
  }
}
