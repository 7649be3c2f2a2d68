/**
 * Where a page's server CPU goes: samples the Worker through workerd's inspector while loading one path, then
 * prints CPU per request and the functions that cost most (their own time, and with what they call).
 *
 *   npm run preview                      (in another terminal: build and serve; it prints the inspector port)
 *   npm run bench:profile -- --path /browse [--base http://127.0.0.1:4173] [--inspector ws://127.0.0.1:9229/noobrd]
 *
 * Requests carry a cookie the app does not know, so the edge cache steps aside and every request renders
 * (`--cookie ""` to profile cache hits). Sampled on a machine that may be busy: compare runs with each other.
 * ADR 017 records what this found.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** The inspector speaks the Chrome DevTools protocol; miniflare's proxy wants an Origin it knows. */
export async function inspector(url: string) {
  // Node's WebSocket (undici) takes headers as a non-standard option.
  const ws = new WebSocket(url, { headers: { Origin: "http://localhost" } } as unknown as string[]);
  const pending = new Map<number, (result: unknown) => void>();
  let id = 0;
  ws.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: unknown };
    if (message.id === undefined) return;
    pending.get(message.id)?.(message.result ?? message.error);
    pending.delete(message.id);
  };
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error(`no inspector at ${url} (is \`npm run preview\` running?)`));
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      id += 1;
      pending.set(id, resolve as (result: unknown) => void);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

/**
 * The Worker's inspector under `vite preview`: the Cloudflare plugin answers /__debug with a page naming its port
 * (9229 unless another process holds it), e.g. `ws://localhost:9229/noobrd`.
 */
export async function inspectorOf(base: string): Promise<string> {
  const html = await (await fetch(`${base}/__debug`)).text();
  const found = /ws=([^&"]+)/.exec(html)?.[1];
  if (!found) throw new Error(`no inspector named at ${base}/__debug`);
  return `ws://${decodeURIComponent(found)}`;
}

/**
 * Samples the Worker from now until `stop()`; then prints CPU per request and the costliest functions, and keeps
 * the whole profile in bench/results/<name>.cpuprofile (open it in Chrome DevTools' Performance panel).
 */
export async function startProfile(url: string) {
  const session = await inspector(url);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 200 });
  await session.send("Profiler.start");
  return async (what: string, requests: number, top = 25) => {
    const { profile } = await session.send<{ profile: Profile }>("Profiler.stop");
    session.close();
    mkdirSync("bench/results", { recursive: true });
    const file = `bench/results/${what.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    console.log(`(whole profile: ${file})`);
    report(profile, what, requests, top);
  };
}

const label = (frame: CallFrame) =>
  `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*\//, "") || "(native)"}:${frame.lineNumber}`;

async function main() {
  const { values: args } = parseArgs({
    options: {
      base: { type: "string", default: "http://127.0.0.1:4173" },
      inspector: { type: "string", default: "ws://127.0.0.1:9229/noobrd" },
      path: { type: "string", default: "/" },
      seconds: { type: "string", default: "5" },
      clients: { type: "string", default: "4" },
      cookie: { type: "string", default: "bench=uncached" },
      top: { type: "string", default: "25" },
    },
    strict: true,
  });
  const url = `${args.base}${args.path}`;
  const headers: Record<string, string> = args.cookie ? { Cookie: args.cookie } : {};
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
  const stop = await startProfile(args.inspector);
  let requests = 0;
  const deadline = performance.now() + Number(args.seconds) * 1000;
  await Promise.all(
    Array.from({ length: Number(args.clients) }, async () => {
      while (performance.now() < deadline) {
        await (await fetch(url, { headers })).arrayBuffer();
        requests += 1;
      }
    }),
  );
  await stop(args.path, requests, Number(args.top));
}

function report(profile: Profile, what: string, requests: number, top: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const selfTime = new Map<string, number>();
  const withCallees = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((sample, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    const node = byId.get(sample);
    if (!node || node.callFrame.functionName === "(idle)") return;
    busy += micros;
    selfTime.set(label(node.callFrame), (selfTime.get(label(node.callFrame)) ?? 0) + micros);
    const seen = new Set<string>();
    for (let at: number | undefined = sample; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || frame.functionName === "(root)") continue;
      const name = label(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      withCallees.set(name, (withCallees.get(name) ?? 0) + micros);
    }
  });
  const perRequest = (micros: number) => (micros / 1000 / Math.max(requests, 1)).toFixed(2).padStart(6);
  console.log(`${what}: ${requests} requests, ${perRequest(busy)} ms of sampled CPU per request (not idle)`);
  console.log("\nown time, ms per request");
  for (const [name, micros] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${perRequest(micros)}  ${name}`);
  }
  console.log("\nwith what it calls, ms per request");
  for (const [name, micros] of [...withCallees].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${perRequest(micros)}  ${name}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
