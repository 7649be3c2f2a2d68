/**
 * Lighthouse mobile on the demo gig pages: the page a fan books from, as deployed (mode "production"), on the demo
 * database, behind the same local compressing proxy as `npm run bench` (bench/lighthouse.ts).
 *
 *   npm run bench:gig                      every demo gig page of the demo star, 5 runs each (Lighthouse's median run)
 *   npm run bench:gig -- --runs 3 --gigs 2
 *
 * Goal (docs/bench/first-paint.md): performance 98 or more in the median run, LCP median at most 1.5 s. Lighthouse
 * simulates a slow 4G phone with a 4x slower CPU; on a busy machine the simulation's CPU share moves the figures.
 * So, as Lighthouse's guidance says, each page runs 5 times and the median run is the one Lighthouse itself picks
 * (nearest the median FCP and time to interactive: bench/lighthouse.ts, `MedianPick`); every run's score, the
 * spread of LCP and the score of the run of median LCP (this bench's pick until 2026-11-26) are printed beside it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { d1, loadTarget, sh, TOOL_ENV, waitFor } from "./lib";
import { runLighthouse, startCompressingProxy } from "./lighthouse";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    gigs: { type: "string", default: "10" },
    port: { type: "string", default: "4660" },
    "proxy-port": { type: "string", default: "4661" },
  },
  strict: true,
});
const state = ".wrangler/bench-gig-state";
const preview = `http://127.0.0.1:${values.port}`;

console.log("\n== database (the demo seed)");
rmSync(state, { recursive: true, force: true });
sh("tsx", ["scripts/db-prepare.ts", "--persist-to", state]);
const gigs = d1(
  state,
  `SELECT p.id FROM products p JOIN users u ON u.id = p.influencer_id
   WHERE u.email = 'influencer@demo.noobrd.gg' AND p.archived_at IS NULL ORDER BY p.created_at LIMIT ${Number(values.gigs)}`,
).map((row) => String(row.id));
if (gigs.length === 0) throw new Error("bench:gig: the demo star has no gig");

console.log("\n== build and serve");
sh("react-router", ["build", "--mode", "production"]);
const server: ChildProcess = spawn("vite", ["preview", "--port", values.port, "--host", "127.0.0.1"], {
  env: { ...TOOL_ENV, NOOBRD_STATE_DIR: state, NODE_ENV: "production" },
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});
try {
  await waitFor(`${preview}/about-us`, server);
  const { base } = await loadTarget(server, preview, false);
  const proxy = await startCompressingProxy(base, Number(values["proxy-port"]));
  try {
    const origin = `http://127.0.0.1:${values["proxy-port"]}`;
    const urls = gigs.map((id) => `${origin}/gig/${id}`);
    let served: string | undefined;
    for (const url of urls) {
      const page = await (await fetch(url)).text(); // the edge cache filled, as visitors would
      served ??= /"served":"([^"]+)"/.exec(page)?.[1];
    }
    // The phone in the zone the server guessed for it (locally miniflare's stand-in for Cloudflare's, not this
    // machine's): a first visit from another zone reloads once to draw the times in the browser's (the time-zone
    // hint), and Lighthouse, which starts every run without cookies, would measure that reload each time.
    console.log(`browser time zone: ${served ?? "the machine's"}`);
    const results = await runLighthouse(urls, Number(values.runs), served, "lighthouse");
    console.log(`\n== Lighthouse mobile, ${values.runs} runs per page (Lighthouse's median run)`);
    console.table(
      results.map((r) => ({
        page: r.url.replace(origin, ""),
        performance: r.performance,
        byLcp: r.otherPickPerformance,
        lcpMs: Math.round(r.lcpMs),
        lcpRangeMs: r.lcpRangeMs?.map((ms) => Math.round(ms)).join("-"),
        cls: Math.round(r.cls * 1000) / 1000,
        tbtMs: Math.round(r.tbtMs),
        performanceRuns: r.performanceRuns?.join(" "),
        tbtRunsMs: r.tbtRunsMs?.map((ms) => Math.round(ms)).join(" "),
        accessibility: r.accessibility,
        seo: r.seo,
        failing: r.failed.join(", "),
      })),
    );
    console.log("\n== long tasks of the median run (Lighthouse's long-tasks: start and duration, simulated ms)");
    for (const r of results) {
      console.log(r.url.replace(origin, ""), JSON.stringify(r.mainThread));
      for (const task of r.longTasks) {
        const where = task.url.replace(origin, "") || "(no script)";
        console.log(`  ${Math.round(task.startMs)} ms +${Math.round(task.durationMs)} ms  ${where}`);
      }
    }
  } finally {
    proxy.close();
  }
} finally {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
}
