/**
 * npm run deploy [-- --dry-run]: builds both production Workers (`CLOUDFLARE_ENV=production`): the page Worker
 * (build/server) and the documents Worker that draws invoices and payout statements (build/documents,
 * workers/documents/). It checks the configuration that would deploy (scripts/deploy-checks.ts: no stand-in on, the
 * public origin, https endpoints, every binding, queue and cron, the DOCUMENTS binding and the documents Worker, no
 * secret as a var; online also every required secret and the real database id), then applies the remote D1
 * migrations and deploys the documents Worker first (the page Worker's binding needs it), then the page Worker. It
 * refuses, naming each problem, before anything is sent. `--dry-run` does every check that can run offline, packs
 * both bundles (`wrangler deploy --dry-run`), prints each Worker's upload size and fails when the page Worker's
 * reaches PAGE_UPLOAD_LIMIT_KIB; CI runs it.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import {
  deployProblems,
  documentsProblems,
  PAGE_UPLOAD_LIMIT_KIB,
  totalUploadKiB,
  uploadProblems,
} from "./deploy-checks";

const dryRun = process.argv.includes("--dry-run");
const DOCUMENTS_CONFIG = "build/documents/wrangler.json";

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, capture = false) {
  const result = spawnSync(command, args, { stdio: capture ? ["inherit", "pipe", "inherit"] : "inherit", env });
  if (result.status !== 0) {
    if (capture) process.stdout.write(result.stdout);
    console.error(`deploy: \`${command} ${args.join(" ")}\` failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  return capture ? result.stdout.toString() : "";
}

function refuse(problems: string[], where: string) {
  if (problems.length === 0) return;
  console.error(`deploy: refused. Fix these in ${where}:`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}

const buildEnv = { ...process.env, CLOUDFLARE_ENV: "production" };
run("npx", ["react-router", "build"], buildEnv);
run("npx", ["tsx", "scripts/check-build.ts"], buildEnv);
const built = JSON.parse(readFileSync("build/server/wrangler.json", "utf8"));
const documents = JSON.parse(readFileSync(DOCUMENTS_CONFIG, "utf8"));

let secrets: string[] | undefined;
if (!dryRun) {
  const listed = run(
    "npx",
    ["wrangler", "secret", "list", "--env", "production", "--format", "json"],
    process.env,
    true,
  );
  secrets = (JSON.parse(listed) as { name: string }[]).map((secret) => secret.name);
}
refuse(
  [...deployProblems(built, secrets), ...documentsProblems(documents)],
  "wrangler.toml or workers/documents/wrangler.toml [env.production], or with `wrangler secret put`",
);
console.log(`deploy: the production configuration passes every ${dryRun ? "offline " : ""}check`);

if (dryRun) {
  const packed = (args: string[]) => {
    const output = run("npx", ["wrangler", "deploy", "--dry-run", ...args], process.env, true);
    process.stdout.write(output);
    return totalUploadKiB(output);
  };
  const documentsKiB = packed(["--config", DOCUMENTS_CONFIG, "--outdir", ".wrangler/dry-run-documents"]);
  const pageKiB = packed(["--outdir", ".wrangler/dry-run"]);
  console.log(`deploy: documents Worker upload ${documentsKiB ?? "?"} KiB`);
  console.log(`deploy: page Worker upload ${pageKiB ?? "?"} KiB (limit ${PAGE_UPLOAD_LIMIT_KIB} KiB)`);
  refuse(uploadProblems(pageKiB), "the page Worker's bundle");
  console.log("deploy: dry run done (nothing was sent)");
} else {
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--remote", "--env", "production"]);
  run("npx", ["wrangler", "deploy", "--config", DOCUMENTS_CONFIG]);
  run("npx", ["wrangler", "deploy"]);
}
