import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** What every local server the browser tests start runs with. */
export const LOCAL_SERVER_ENV: Record<string, string> = {
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  // No local Workers Logs emulation: it writes every request's trace to disk in workerd's process (bench/lib.ts).
  X_LOCAL_OBSERVABILITY: "false",
};

/** Polls `url` until `server` answers it below 500; throws when the process exits or the time is up. */
export async function waitForServer(url: string, server: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer at ${url}`);
}

/** A TCP port free on 127.0.0.1 right now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Ends a server spawned `detached` (its own process group), children included. */
export function stopServer(server: ChildProcess): void {
  if (!server.pid) return;
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
}
