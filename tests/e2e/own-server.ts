import { inject } from "vitest";
import type { E2EServer } from "./servers";

/**
 * The server this test file drives: the one of its Vitest worker (VITEST_POOL_ID runs from 1 to the number of
 * workers, which vitest.e2e.config.ts sets to the number of servers), so files running at the same time never meet.
 */
export function ownServer(): E2EServer {
  const servers = inject("servers");
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const server = servers[worker - 1];
  if (!server) throw new Error(`Vitest worker ${worker} has no server of its own (${servers.length} started)`);
  return server;
}
