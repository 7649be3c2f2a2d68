/**
 * How many servers the browser tests start: one per Vitest worker, each with its own port, database and state, so
 * two files never share a server's mutable data (the demo star's live session, the demo fan's orders, rate limits).
 * Three by default: on a 2-core machine a file's browser often waits on its page or its server, and three files
 * at a time keep both cores busy where two left about a third idle (docs/development.md).
 * `E2E_SERVERS=1` runs the files one after another against one server. Node-only (the config and the global setup
 * read it); a test reaches its own server through `ownServer()` (tests/e2e/own-server.ts).
 */
export const E2E_SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 3));

/** The browser tests' seeded database (tests/e2e/global-setup.ts), which each server's copy starts from. */
export const E2E_SEEDED_STATE = ".wrangler/e2e-state/seeded";

/** What the global setup provides for each server (index 0 serves Vitest's worker 1, and so on). */
export type E2EServer = {
  baseURL: string;
  /** workerd's own socket behind the preview: no Node relay, answers compressed as the Worker sent them. */
  workerdURL: string;
  stateDir: string;
  sqlDoor: string;
};
