/** The catalogue bench's load: closed-loop clients on one target, and the table comparing targets with the static file. */
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
};

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
  const started = performance.now();
  const deadline = started + limits.durationMs;
  async function worker() {
    while (performance.now() < deadline && issued < limits.maxRequests) {
      issued += 1;
      const t0 = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (!response.ok) errors += 1;
      const status = response.headers.get("X-Edge-Cache") ?? "-";
      edge[status] = (edge[status] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: clients }, () => worker()));
  const elapsed = (performance.now() - started) / 1000;
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
  };
}

export const fixed = (value: number, digits: number, width: number) => value.toFixed(digits).padStart(width);

/**
 * One line per target: per client count, req/s, p50, p99, and the ratios to the static file of the same run
 * (issue 22's goal for cached anonymous pages: req/s at least 0.5x the static file's, p99 at 20 clients at most
 * 1.5x the static file's p99).
 */
export function printLoad(
  rows: { name: string; byClients: Result[] }[],
  staticRow: { byClients: Result[] },
  concurrencies: number[],
) {
  const staticOf = (clients: number) => staticRow.byClients.find((r) => r.clients === clients);
  const head = concurrencies
    .map(
      (clients) =>
        `${`${clients} clients: req/s`.padStart(17)} ${"p50".padStart(6)} ${"p99".padStart(6)} ${"rps/st".padStart(6)} ${"p99/st".padStart(6)}`,
    )
    .join(" |");
  console.log(`${"target".padEnd(34)} ${head} | edge cache answers`);
  for (const row of rows) {
    const cells = row.byClients
      .map((r) => {
        const base = staticOf(r.clients);
        return `${fixed(r.rps, 0, 17)} ${fixed(r.p50, 1, 6)} ${fixed(r.p99, 1, 6)} ${fixed(r.rps / (base?.rps ?? Number.NaN), 2, 6)} ${fixed(r.p99 / (base?.p99 ?? Number.NaN), 2, 6)}`;
      })
      .join(" |");
    const edge = row.byClients.flatMap((r) => Object.entries(r.edge).map(([status, n]) => `${status} ${n}`)).join(", ");
    const errors = row.byClients.reduce((sum, r) => sum + r.errors, 0);
    console.log(`${row.name.padEnd(34)} ${cells} | ${edge}${errors ? `  ERRORS ${errors}` : ""}`);
  }
}
