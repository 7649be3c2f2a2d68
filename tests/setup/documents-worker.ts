import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

/** Where the documents Worker's bundle for the workerd tests is written (vitest.config.ts runs it from there). */
export const DOCUMENTS_TEST_BUNDLE = resolve(".wrangler/test-documents");

/**
 * Bundles the documents Worker (workers/documents/) before the workerd tests start, as a deploy would: wrangler's dry
 * run writes the bundle and sends nothing.
 */
export default function bundleDocumentsWorker() {
  const args = ["wrangler", "deploy", "--dry-run", "--config", "workers/documents/wrangler.toml", "--env", ""];
  const result = spawnSync("npx", [...args, "--outdir", DOCUMENTS_TEST_BUNDLE], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`bundling the documents Worker failed:\n${result.stdout}${result.stderr}`);
}
