/**
 * Makes the local database ready: applies pending migrations, then seeds it if it is empty.
 * Run by `npm run dev` and `npm run preview`; a second run keeps existing data.
 * Usage: tsx scripts/db-prepare.ts [--persist-to DIR]
 */
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const persistIndex = args.indexOf("--persist-to");
const persist = persistIndex >= 0 ? ["--persist-to", args[persistIndex + 1] ?? ""] : [];

function run(command: string, commandArgs: string[]) {
  const result = spawnSync(command, commandArgs, {
    stdio: "inherit",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist]);
run("tsx", ["scripts/db-seed.ts", "--if-empty", ...persist]);
