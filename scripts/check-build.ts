import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Run after a production build (`npm run build`): the server bundle must carry no local stand-in. Fails
 * (exit 1) naming the file when a marker of the OAuth stand-in is found in build/server.
 */
const MARKERS = [
  "noobrd-stand-in-oauth", // the stand-in's signing purpose (app/platform/oauth/stand-in-provider.ts)
  "@stand-in.test", // its fake identities' addresses
  "Stripe stand-in (test mode)", // the Stripe stand-in's hosted checkout page (app/platform/stripe/stand-in.ts)
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(m?js|cjs)$/.test(name) ? [path] : [];
  });
}

function standInTraces(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${path}: ${marker}`),
  );
}

const dir = process.argv[2] ?? "build/server";
const files = filesUnder(dir);
if (files.length === 0) {
  console.error(`check-build: no JavaScript under ${dir}; build first`);
  process.exit(1);
}
const traces = standInTraces(files.map((path) => ({ path, text: readFileSync(path, "utf8") })));
if (traces.length > 0) {
  console.error("check-build: the production server bundle carries a local stand-in:");
  for (const trace of traces) console.error(`  ${trace}`);
  process.exit(1);
}
console.log(`check-build: ${files.length} server files, no stand-in`);
