/**
 * Where a page's main thread blocks while it loads: loads in Debian's Chromium at a phone's width, recorded with
 * Chromium's tracing and V8's sampling profiler. Each main-thread task is measured in the thread's own CPU time
 * (the trace's `tdur`), not wall time, so other processes on a busy machine do not lengthen it; that time is
 * multiplied by `--slowdown` (4, as Lighthouse's mobile run simulates) and a task over 50 ms then is listed with its
 * start after navigation and the kinds of work in it by self time. The functions that took the most time over the
 * whole load follow (sampled, wall time). Point it at a served build (e.g. `npm run preview`, or the preview
 * `npm run bench:gig` starts):
 *
 *   npx tsx bench/page-trace.ts http://127.0.0.1:5173/gig/prd_000001 [--slowdown 4] [--runs 3] [--zone America/Chicago]
 *     [--list 20]   (list every task over 20 ms, e.g. to see how hydration is sliced; 50 by default)
 *     [--html page.html]   (serve this file as the document: a variant of the page saved with curl)
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";

const { values, positionals } = parseArgs({
  options: {
    slowdown: { type: "string", default: "4" },
    runs: { type: "string", default: "1" },
    // The browser's time zone (IANA); a zone other than the one the server guessed reloads a first visit once.
    zone: { type: "string" },
    // Tasks longer than this (CPU x slowdown) are listed one by one; the blocking time counts over 50 ms as ever.
    list: { type: "string", default: "50" },
    // Serve this file as the page's document instead of the server's (its scripts and styles still load from the
    // server): to measure a variant of a page saved with curl, e.g. without one CSS rule.
    html: { type: "string" },
  },
  allowPositionals: true,
  strict: true,
});
const url = positionals[0];
if (!url) throw new Error("usage: tsx bench/page-trace.ts <url> [--slowdown 4] [--runs 1]");

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the slice (µs). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string; documentLoaderURL?: string } };
};
type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const LONG_TASK_MS = 50;
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink.user_timing", "loading"];

/** A slice's name with what it ran, where the trace says (a script's file, a function call's function). */
function label(event: TraceEvent): string {
  const data = event.args?.data;
  const file = data?.url ? ` ${new URL(data.url, url).pathname.split("/").at(-1)}` : "";
  return `${event.name}${data?.functionName ? ` ${data.functionName}` : ""}${file}`;
}

/** Self CPU time (ms) by slice label inside one task: each slice's CPU time less that of the slices directly under it. */
function selfTimes(slices: TraceEvent[]): Map<string, number> {
  const sorted = [...slices].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { event: TraceEvent; end: number; children: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
      const done = stack.pop();
      if (!done) break;
      const key = label(done.event);
      self.set(key, (self.get(key) ?? 0) + ((done.event.tdur ?? 0) - done.children) / 1000);
    }
  };
  for (const event of sorted) {
    close(event.ts);
    const parent = stack.at(-1);
    if (parent) parent.children += event.tdur ?? 0;
    stack.push({ event, end: event.ts + (event.dur ?? 0), children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return self;
}

/** Self time (ms) by function over the whole profile, the biggest first. */
function hotFunctions(profile: Profile, top: number): [string, number][] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url ? new URL(frame.url, url).pathname.split("/").at(-1) : "";
    const key = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, top);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (let run = 1; run <= Number(values.runs); run++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      timezoneId: values.zone,
    });
    const page = await context.newPage();
    const html = values.html;
    if (html) {
      const body = readFileSync(html, "utf8");
      await page.route(url, (route) => route.fulfill({ body, contentType: "text/html; charset=utf-8" }));
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await browser.startTracing(page, { categories: CATEGORIES });
    await cdp.send("Profiler.start");
    await page.goto(url, { waitUntil: "networkidle" });
    // The page's own idle: a task queued after the network settled (a lazily loaded chunk's evaluation) has run.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    // The trace ends first: stopping the profiler builds its profile on the page's main thread, a task of the bench's.
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
    await context.close();

    const events = trace.traceEvents;
    // The last navigation of the page's own document (a first visit whose time-zone hint reloads the page has two),
    // on the renderer's main thread that loaded it: with site isolation, the first renderer (about:blank's) is not
    // always the page's, and its thread had no task of the page.
    const navigation = events
      .filter((event) => event.name === "navigationStart" && event.args?.data?.documentLoaderURL?.startsWith("http"))
      .at(-1);
    const main = navigation && { pid: navigation.pid, tid: navigation.tid };
    const start = navigation?.ts ?? 0;
    const fcp = events.find((event) => event.name === "firstContentfulPaint" && event.ts >= start)?.ts;
    const onMain = events.filter(
      (event) => event.ph === "X" && event.pid === main?.pid && event.tid === main?.tid && event.ts >= start,
    );
    const slowdown = Number(values.slowdown);
    const cpuMs = (event: TraceEvent) => ((event.tdur ?? 0) / 1000) * slowdown;
    const listed = Number(values.list);
    const tasks = onMain.filter((event) => event.name === "RunTask" && cpuMs(event) > listed);
    const all = onMain.filter((event) => event.name === "RunTask").reduce((sum, task) => sum + cpuMs(task), 0);
    console.log(`\n== run ${run}: ${url}, main-thread CPU time x${slowdown}, tasks over ${listed} ms`);
    console.log(`  first contentful paint at ${fcp ? Math.round((fcp - start) / 1000) : "?"} ms (wall)`);
    let blocking = 0;
    for (const task of tasks) {
      const ms = cpuMs(task);
      blocking += Math.max(0, ms - LONG_TASK_MS);
      const inside = onMain.filter(
        (event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + (task.dur ?? 0),
      );
      const work = [...selfTimes(inside)]
        .map(([what, self]) => [what, self * slowdown] as const)
        .sort((a, b) => b[1] - a[1])
        .filter(([, self]) => self >= 2);
      console.log(`  at ${Math.round((task.ts - start) / 1000)} ms: ${Math.round(ms)} ms`);
      for (const [what, self] of work.slice(0, 8)) console.log(`      ${Math.round(self)} ms  ${what}`);
    }
    console.log(
      `  blocking time (over ${LONG_TASK_MS} ms, whole load): ${Math.round(blocking)} ms of ${Math.round(all)} ms`,
    );
    // From the app's first module on (hydration and what follows it), apart from the document's own parsing and
    // inline scripts before it.
    const appStart = onMain.find(
      (event) =>
        event.name === "v8.evaluateModule" ||
        (event.name === "EvaluateScript" && /\.js$/.test(event.args?.data?.url ?? "")),
    )?.ts;
    const appTasks = onMain.filter(
      (event) => event.name === "RunTask" && appStart !== undefined && event.ts + (event.dur ?? 0) >= appStart,
    );
    const appCpu = appTasks.reduce((sum, task) => sum + cpuMs(task), 0);
    const appBlocking = appTasks.reduce((sum, task) => sum + Math.max(0, cpuMs(task) - LONG_TASK_MS), 0);
    console.log(
      `  from the app's first module: ${Math.round(appCpu)} ms CPU in all tasks, blocking ${Math.round(appBlocking)} ms, longest ${Math.round(Math.max(0, ...appTasks.map(cpuMs)))} ms`,
    );
    console.log("  functions by self time over the load (sampled):");
    for (const [name, ms] of hotFunctions(profile, 15)) console.log(`      ${Math.round(ms)} ms  ${name}`);
  }
} finally {
  await browser.close();
}
