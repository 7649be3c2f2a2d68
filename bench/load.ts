/** The catalogue bench's load: closed-loop clients on one target, and the table comparing targets with the static file. */
import http from "node:http";
import { AS_THE_EDGE_ASKS, percentile } from "./lib";

export type Result = {
  name: string;
  path: string;
  clients: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  edge: Record<string, number>;
  /** The bench's own CPU per request (its process: the client), in ms. */
  clientCpuMs: number;
  /** Bytes of body per answer, as sent (compressed when the answer was). */
  bodyBytes: number;
};

type Answer = { status: number; edge: string; bytes: number };

/**
 * One GET on a kept-alive connection, its body read and counted but not decoded: what Cloudflare's edge does with a
 * Worker's gzip answer (it passes it on; the browser inflates it). Decoding each ~100 KB page in this process
 * cost the bench ~0.5 ms of CPU a page more than a static file, on the same two cores as the server it measures.
 */
function get(url: string, agent: http.Agent, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.byteLength;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, edge: String(response.headers["x-edge-cache"] ?? "-"), bytes }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** A cookie the app does not know: the edge cache steps aside (any cookie of ours might name a visitor). */
export const UNCACHED = { Cookie: "bench=uncached" };

/** One target under `clients` concurrent clients for `durationMs` or `maxRequests` requests, whichever ends first. */
export async function load(
  base: string,
  name: string,
  target: string,
  clients: number,
  extraHeaders: Record<string, string>,
  limits: { durationMs: number; maxRequests: number },
): Promise<Result> {
  const url = `${base}${target}`;
  const headers = { ...AS_THE_EDGE_ASKS, ...extraHeaders };
  for (let i = 0; i < 20; i++) {
    // Warm-up; and a page must read as a page once fetch has decoded it (a body compressed twice would not).
    const response = await fetch(url, { headers });
    const body = await response.text();
    if ((response.headers.get("Content-Type") ?? "").includes("text/html") && !body.includes("</html>")) {
      throw new Error(`${target} (${response.headers.get("X-Edge-Cache")}): the body does not read as a page`);
    }
  }
  const latencies: number[] = [];
  const edge: Record<string, number> = {};
  let errors = 0;
  let issued = 0;
  let bodyBytes = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + limits.durationMs;
  async function worker() {
    while (performance.now() < deadline && issued < limits.maxRequests) {
      issued += 1;
      const t0 = performance.now();
      const answer = await get(url, agent, headers);
      latencies.push(performance.now() - t0);
      if (answer.status < 200 || answer.status > 299) errors += 1;
      bodyBytes += answer.bytes;
      edge[answer.edge] = (edge[answer.edge] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: clients }, () => worker()));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    name,
    path: target,
    clients,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    edge,
    clientCpuMs: (cpu.user + cpu.system) / 1000 / latencies.length,
    bodyBytes: bodyBytes / latencies.length,
  };
}

export const fixed = (value: number, digits: number, width: number) => value.toFixed(digits).padStart(width);

/**
 * One line per target: per client count, req/s, p50, p99, and the ratios to the static file of the same run
 * (the goal for cached anonymous pages: req/s at least 0.5x the static file's, p99 at 20 clients at most
 * 1.5x the static file's p99); with `sizedRow`, also the p99's ratio to a static file of a cached page's size.
 */
export function printLoad(
  rows: { name: string; byClients: Result[] }[],
  staticRow: { byClients: Result[] },
  concurrencies: number[],
  sizedRow?: { byClients: Result[] },
) {
  const at = (row: { byClients: Result[] } | undefined, clients: number) =>
    row?.byClients.find((r) => r.clients === clients);
  const sized = sizedRow ? ` ${"p99/sz".padStart(6)}` : "";
  const head = concurrencies
    .map(
      (clients) =>
        `${`${clients} clients: req/s`.padStart(17)} ${"p50".padStart(6)} ${"p99".padStart(6)} ${"rps/st".padStart(6)} ${"p99/st".padStart(6)}${sized}`,
    )
    .join(" |");
  console.log(`${"target".padEnd(34)} ${head} | body KB | bench's CPU ms/req | edge cache answers`);
  for (const row of rows) {
    const cells = row.byClients
      .map((r) => {
        const base = at(staticRow, r.clients);
        const ofSized = sizedRow ? ` ${fixed(r.p99 / (at(sizedRow, r.clients)?.p99 ?? Number.NaN), 2, 6)}` : "";
        return `${fixed(r.rps, 0, 17)} ${fixed(r.p50, 1, 6)} ${fixed(r.p99, 1, 6)} ${fixed(r.rps / (base?.rps ?? Number.NaN), 2, 6)} ${fixed(r.p99 / (base?.p99 ?? Number.NaN), 2, 6)}${ofSized}`;
      })
      .join(" |");
    const edge = row.byClients.flatMap((r) => Object.entries(r.edge).map(([status, n]) => `${status} ${n}`)).join(", ");
    const errors = row.byClients.reduce((sum, r) => sum + r.errors, 0);
    const kb = fixed((row.byClients[0]?.bodyBytes ?? 0) / 1000, 1, 7);
    const client = row.byClients.map((r) => r.clientCpuMs.toFixed(2)).join(" / ");
    console.log(
      `${row.name.padEnd(34)} ${cells} | ${kb} | ${client.padEnd(18)} | ${edge}${errors ? `  ERRORS ${errors}` : ""}`,
    );
  }
}
