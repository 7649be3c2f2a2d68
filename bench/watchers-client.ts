/**
 * A child process of `npm run bench:live -- --watchers`: opens its share of signed-out watcher sockets to a live
 * session (one process holds a few thousand: the file limit is per process) and, when told a version, reports when
 * each socket received a frame of it or a later one (ms after the parent's start time, or -1 if not within the
 * timeout: a lost update). Driven over IPC by bench/live-watchers.ts.
 */
type Command =
  | { type: "open"; url: string; origin: string; count: number }
  | { type: "await"; version: number; startedAt: number; timeoutMs: number }
  | { type: "close" };

type Watcher = { ws: WebSocket; version: number; waiters: { version: number; done: () => void }[] };

const watchers: Watcher[] = [];
const reply = (message: unknown) => process.send?.(message);
const epochNow = () => performance.timeOrigin + performance.now();

function open(url: string, origin: string): Promise<Watcher | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers: { Origin: origin } } as never);
    const watcher: Watcher = { ws, version: -1, waiters: [] };
    ws.addEventListener("message", (event) => {
      const version = (JSON.parse(String(event.data)) as { data?: { version?: number } }).data?.version;
      if (typeof version !== "number" || version <= watcher.version) return;
      watcher.version = version;
      watcher.waiters = watcher.waiters.filter((waiter) => {
        if (waiter.version > version) return true;
        waiter.done();
        return false;
      });
    });
    ws.addEventListener("open", () => resolve(watcher), { once: true });
    ws.addEventListener("error", () => resolve(null), { once: true });
  });
}

function arrival(watcher: Watcher, version: number, startedAt: number, timeoutMs: number): Promise<number> {
  if (watcher.version >= version) return Promise.resolve(Math.max(0, epochNow() - startedAt));
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(-1), Math.max(0, startedAt + timeoutMs - epochNow()));
    watcher.waiters.push({
      version,
      done: () => {
        clearTimeout(timer);
        resolve(epochNow() - startedAt);
      },
    });
  });
}

process.on("message", async (command: Command) => {
  if (command.type === "open") {
    let failed = 0;
    for (let start = 0; start < command.count; start += 200) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(200, command.count - start) }, () => open(command.url, command.origin)),
      );
      for (const watcher of batch) {
        if (watcher) watchers.push(watcher);
        else failed++;
      }
    }
    reply({ type: "opened", open: watchers.length, failed });
  } else if (command.type === "await") {
    const times = await Promise.all(
      watchers.map((watcher) => arrival(watcher, command.version, command.startedAt, command.timeoutMs)),
    );
    reply({ type: "arrivals", times });
  } else {
    for (const watcher of watchers) watcher.ws.close();
    process.exit(0);
  }
});
