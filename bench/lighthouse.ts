/**
 * Lighthouse (mobile, its default: simulated slow 4G and 4x CPU slowdown) of a few pages of the built app,
 * behind a local compressing proxy: through vite preview's relay workerd sends HTML, CSS and JS uncompressed, and
 * its own socket gzips them where Cloudflare's edge serves brotli; without the proxy the scores say more about
 * compression than about the app.
 *
 * Runs with the project's Node (npm run bench) and Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { UNCOMPRESSED } from "./lib";

const COMPRESSIBLE = /text\/|javascript|json|svg|xml|x-script/;

/**
 * A reverse proxy to `upstream` that compresses text answers (brotli, else gzip), as the edge does. It asks the
 * upstream for identity: workerd's own socket would otherwise gzip them itself (vite preview's relay does not).
 */
export async function startCompressingProxy(upstream: string, port: number): Promise<Server> {
  const server = createServer(async (req: IncomingMessage, res) => {
    try {
      const headers = new Headers(UNCOMPRESSED);
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string" && !["host", "accept-encoding", "connection"].includes(name)) {
          headers.set(name, value);
        }
      }
      const answer = await fetch(`${upstream}${req.url ?? "/"}`, { headers, redirect: "manual" });
      const body = Buffer.from(await answer.arrayBuffer());
      const out: Record<string, string | string[]> = {};
      answer.headers.forEach((value, name) => {
        if (!["content-length", "content-encoding", "transfer-encoding", "connection", "set-cookie"].includes(name)) {
          out[name] = value;
        }
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length > 0) out["set-cookie"] = cookies;
      const accepts = String(req.headers["accept-encoding"] ?? "");
      let sent = body;
      if (COMPRESSIBLE.test(answer.headers.get("content-type") ?? "") && body.length > 0) {
        if (accepts.includes("br")) {
          sent = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
          out["content-encoding"] = "br";
        } else if (accepts.includes("gzip")) {
          sent = gzipSync(body, { level: 6 });
          out["content-encoding"] = "gzip";
        }
        out.vary = "Accept-Encoding";
      }
      out["content-length"] = String(sent.length);
      res.writeHead(answer.status, out);
      res.end(sent);
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

export type LighthouseResult = {
  url: string;
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  failed: string[];
  /** The main thread's tasks over 50 ms (Lighthouse's `long-tasks`, simulated timings): where the blocking time is. */
  longTasks: { url: string; startMs: number; durationMs: number }[];
  /** The main thread's time by kind of work (Lighthouse's `mainthread-work-breakdown`, ms): script, style, layout... */
  mainThread: Record<string, number>;
  /** Time to interactive (Lighthouse's `interactive`, simulated): with FCP, what Lighthouse's own median run is by. */
  ttiMs: number;
  runs?: number;
  lcpRangeMs?: [number, number];
  /** The performance score of the run the other pick would have reported (by LCP when the pick is Lighthouse's). */
  otherPickPerformance?: number;
  /** Every run's performance score and blocking time, in run order (TBT moves the score most on a busy machine). */
  performanceRuns?: number[];
  tbtRunsMs?: number[];
};

/**
 * How the reported run is picked from a page's runs: `lcp`, the run of median LCP (what the LCP goals of
 * `npm run bench` are about); `lighthouse`, Lighthouse's own median run (core/lib/median-run.js: the run nearest the
 * median FCP and the median time to interactive, as PageSpeed Insights and Lighthouse CI pick it), for a score.
 */
export type MedianPick = "lcp" | "lighthouse";

/**
 * Mobile Lighthouse runs of each URL in one Chromium, `runs` times each: the median run is reported (see
 * `MedianPick`), since one simulated run can swing by a second on a busy machine; `lcpRangeMs` shows the spread and
 * `performanceRuns` every run's score. `timeZone` is the browser's (else the machine's).
 */
export async function runLighthouse(
  urls: string[],
  runs = 3,
  timeZone?: string,
  pick: MedianPick = "lcp",
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  const all = await runEach(
    urls.flatMap((url) => Array.from({ length: runs }, () => url)),
    timeZone,
  );
  for (const url of urls) {
    const inOrder = all.filter((run) => run.result.url === url);
    const byLcp = inOrder.map((run) => run.result).sort((a, b) => a.lcpMs - b.lcpMs);
    const lcpMedian = byLcp[Math.floor((byLcp.length - 1) / 2)];
    if (!lcpMedian) continue;
    const lighthouseMedian = inOrder.find((run) => run.lhr === computeMedianRun(inOrder.map(({ lhr }) => lhr)))?.result;
    const [median, other] = pick === "lighthouse" ? [lighthouseMedian ?? lcpMedian, lcpMedian] : [lcpMedian, undefined];
    results.push({
      ...median,
      runs: byLcp.length,
      lcpRangeMs: [byLcp[0]?.lcpMs ?? 0, byLcp.at(-1)?.lcpMs ?? 0],
      otherPickPerformance: other?.performance,
      performanceRuns: inOrder.map((run) => run.result.performance),
      tbtRunsMs: inOrder.map((run) => run.result.tbtMs),
    });
  }
  return results;
}

type Run = { result: LighthouseResult; lhr: Parameters<typeof computeMedianRun>[0][number] };

/** `timeZone`: the browser's (its TZ), else the machine's. */
async function runEach(urls: string[], timeZone?: string): Promise<Run[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    envVars: timeZone ? { ...process.env, TZ: timeZone } : undefined,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic"],
  });
  const results: Run[] = [];
  try {
    // One unmeasured run first: a freshly launched headless Chromium's first navigation also starts its compositor
    // (observed first paint ~1.1 s instead of ~0.15 s), which says nothing about the page.
    if (urls[0])
      await lighthouse(urls[0], {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
    for (const url of urls) {
      const run = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "seo"],
      });
      if (!run) throw new Error(`no Lighthouse result for ${url}`);
      const { categories, audits } = run.lhr;
      const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
      const value = (name: string) => audits[name]?.numericValue ?? Number.NaN;
      const failed = ["accessibility", "seo"].flatMap((name) =>
        (categories[name]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
          .map((ref) => `${name}: ${ref.id}`),
      );
      results.push({
        lhr: run.lhr,
        result: {
          url,
          performance: score("performance"),
          accessibility: score("accessibility"),
          seo: score("seo"),
          lcpMs: value("largest-contentful-paint"),
          cls: value("cumulative-layout-shift"),
          tbtMs: value("total-blocking-time"),
          fcpMs: value("first-contentful-paint"),
          ttiMs: value("interactive"),
          failed,
          longTasks: longTasks(audits["long-tasks"]?.details),
          mainThread: mainThread(audits["mainthread-work-breakdown"]?.details),
        },
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/** The rows of Lighthouse's `long-tasks` table (its details are typed loosely: read only what is there). */
function longTasks(details: unknown): LighthouseResult["longTasks"] {
  const items = (details as { items?: unknown[] } | undefined)?.items ?? [];
  return items.map((item) => {
    const row = item as { url?: unknown; startTime?: unknown; duration?: unknown };
    return { url: String(row.url ?? ""), startMs: Number(row.startTime ?? 0), durationMs: Number(row.duration ?? 0) };
  });
}

/** The rows of Lighthouse's `mainthread-work-breakdown` table, as kind of work -> ms. */
function mainThread(details: unknown): LighthouseResult["mainThread"] {
  const items = (details as { items?: unknown[] } | undefined)?.items ?? [];
  return Object.fromEntries(
    items.map((item) => {
      const row = item as { group?: unknown; duration?: unknown };
      return [String(row.group ?? "?"), Math.round(Number(row.duration ?? 0))];
    }),
  );
}
