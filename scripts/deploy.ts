/**
 * npm run deploy [-- --dry-run]: builds the production Worker (`CLOUDFLARE_ENV=production`), checks the configuration
 * that would deploy (scripts/deploy-checks.ts: no stand-in on, the public origin, https endpoints, every binding,
 * queue and cron, no secret as a var; online also every required secret and the real database id), then applies the
 * remote D1 migrations and deploys. It refuses, naming each problem, before anything is sent. `--dry-run` does every
 * check that can run offline and packs the bundle (`wrangler deploy --dry-run`); CI runs it.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { deployProblems } from "./deploy-checks";

const dryRun = process.argv.includes("--dry-run");

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, capture = false) {
  const result = spawnSync(command, args, { stdio: capture ? ["inherit", "pipe", "inherit"] : "inherit", env });
  if (result.status !== 0) {
    console.error(`deploy: \`${command} ${args.join(" ")}\` failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  return capture ? result.stdout.toString() : "";
}

const buildEnv = { ...process.env, CLOUDFLARE_ENV: "production" };
run("npx", ["react-router", "build"], buildEnv);
run("npx", ["tsx", "scripts/check-build.ts"], buildEnv);
const built = JSON.parse(readFileSync("build/server/wrangler.json", "utf8"));

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
const problems = deployProblems(built, secrets);
if (problems.length > 0) {
  console.error("deploy: refused. Fix these in wrangler.toml [env.production] or with `wrangler secret put`:");
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(`deploy: the production configuration passes every ${dryRun ? "offline " : ""}check`);

if (dryRun) {
  run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", ".wrangler/dry-run"]);
  console.log("deploy: dry run done (nothing was sent)");
} else {
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--remote", "--env", "production"]);
  run("npx", ["wrangler", "deploy"]);
}
