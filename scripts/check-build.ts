import { bundleTraces, STAND_INS_DIR } from "./build-checks";

/**
 * Run after a production build (`npm run build`): the server bundle must carry none of the local stand-ins
 * (app/platform/stand-ins: Stripe, OAuth, email, Discord, exchange rates, video details). Fails (exit 1) naming each
 * file and stand-in whose marker is found in build/server (scripts/build-checks.ts).
 */
const dir = process.argv[2] ?? "build/server";
const { files, traces } = bundleTraces(dir);
if (files === 0) {
  console.error(`check-build: no JavaScript under ${dir}; build first`);
  process.exit(1);
}
if (traces.length > 0) {
  console.error(`check-build: the production server bundle carries a local stand-in (${STAND_INS_DIR}):`);
  for (const trace of traces) console.error(`  ${trace}`);
  process.exit(1);
}
console.log(`check-build: ${files} server files, no stand-in`);
