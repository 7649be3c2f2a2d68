/**
 * The page Worker isolate's heap while it serves `requests` requests of one path (docs/bench/documents-worker.md): the
 * V8 heap in use after the first request, and the lowest and highest in use after each of the others. A collection
 * cannot be forced (workerd's inspector never answers `HeapProfiler.collectGarbage`), so the lowest reading, taken
 * just after the isolate collected, stands for its live heap. A smaller live heap is less for each garbage
 * collection to walk (docs/bench/edge-cache.md).
 *
 *   npm run preview                      (in another terminal: build and serve)
 *   npm run bench:heap -- [--base http://127.0.0.1:4173] [--path /about-us] [--requests 50] [--inspector ws://...]
 *
 * Reads V8's heap through workerd's inspector (the first one `vite preview` names at /__debug, the page Worker's) with
 * `Runtime.getHeapUsage`. Sizes do not depend on how busy the machine is.
 */
import { parseArgs } from "node:util";
import { inspector, inspectorOf } from "./profile";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:4173" },
    path: { type: "string", default: "/about-us" },
    requests: { type: "string", default: "50" },
    inspector: { type: "string" },
  },
});
const base = values.base;
const session = await inspector(values.inspector ?? (await inspectorOf(base)));

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
async function heapUsed(): Promise<number> {
  return (await session.send<{ usedSize: number }>("Runtime.getHeapUsage")).usedSize;
}

const requests = Number(values.requests);
const used: number[] = [];
for (let i = 0; i < requests; i += 1) {
  const response = await fetch(`${base}${values.path}`, { headers: { Cookie: "bench=heap" } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${values.path} answered ${response.status}`);
  used.push(await heapUsed());
}
const [first = 0, ...rest] = used;
console.log(
  `heap in use, ${requests} requests of ${values.path}: ${mb(first)} after the first; ` +
    `lowest ${mb(Math.min(...rest))}, highest ${mb(Math.max(...rest))} after the others`,
);
session.close();
