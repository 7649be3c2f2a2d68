/**
 * The page Worker isolate's live heap: what the isolate holds after a collection, once it has loaded its modules and
 * served `requests` requests of one path (docs/bench/documents-worker.md). A smaller live heap is less for each
 * garbage collection to walk (docs/bench/edge-cache.md).
 *
 *   npm run preview                      (in another terminal: build and serve)
 *   npx tsx bench/heap.ts [--base http://127.0.0.1:4173] [--path /about-us] [--requests 50] [--inspector ws://...]
 *
 * Reads V8's heap through workerd's inspector (the one `vite preview` names at /__debug, the page Worker's):
 * `HeapProfiler.collectGarbage`, then `Runtime.getHeapUsage`. Sizes do not depend on how busy the machine is.
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
async function liveHeap(): Promise<string> {
  await session.send("HeapProfiler.collectGarbage");
  const { usedSize, totalSize } = await session.send<{ usedSize: number; totalSize: number }>("Runtime.getHeapUsage");
  return `${(usedSize / MB).toFixed(1)} MB used of ${(totalSize / MB).toFixed(1)} MB`;
}

const requests = Number(values.requests);
for (let i = 0; i < requests; i += 1) {
  const response = await fetch(`${base}${values.path}`, { headers: { Cookie: "bench=heap" } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${values.path} answered ${response.status}`);
}
console.log(`live heap after ${requests} requests of ${values.path}: ${await liveHeap()}`);
session.close();
