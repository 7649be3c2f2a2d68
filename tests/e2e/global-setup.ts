import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { workerdEntry } from "../../bench/lib";
import { freePort, LOCAL_SERVER_ENV, stopServer, waitForServer } from "./server";
import { E2E_SEEDED_STATE, E2E_SERVERS, type E2EServer } from "./servers";
import { openSqlDoor } from "./sql-door";

/**
 * Builds the app once, prepares a fresh, migrated and seeded database (so the developer's dev data is untouched),
 * copies it for each server (tests/e2e/servers.ts), and serves the built Worker with one `vite preview` per copy:
 * the first on E2E_PORT, the others on ports the system finds free. `npm test` builds and seeds beforehand, beside
 * the unit tests (scripts/test.sh runs `tsx tests/e2e/prepare.ts`), and says so with E2E_PREPARED=1.
 */
const STATE_ROOT = ".wrangler/e2e-state";
const SEEDED = E2E_SEEDED_STATE;
const PORT = Number(process.env.E2E_PORT ?? 4317);

declare module "vitest" {
  export interface ProvidedContext {
    servers: E2EServer[];
  }
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed with ${result.status}`);
}

/** The browser tests' build and their seeded database (what every server's copy starts from). */
export function prepareE2E() {
  rmSync(STATE_ROOT, { recursive: true, force: true });
  // Vitest sets NODE_ENV=test; a build must be a production build (import.meta.env.DEV false). Mode "e2e"
  // keeps the local OAuth stand-in in the bundle (a "production" mode build folds it away, see workers/fetch.ts).
  run("react-router", ["build", "--mode", "e2e"], { ...LOCAL_SERVER_ENV, NODE_ENV: "production" });
  run("tsx", ["scripts/db-prepare.ts", "--persist-to", SEEDED], LOCAL_SERVER_ENV);
}

export default async function setup(project: TestProject) {
  if (process.env.E2E_PREPARED === "1" && existsSync(SEEDED) && existsSync("build/server/wrangler.json")) {
    console.log("browser tests: using the build and seeded database prepared beforehand (E2E_PREPARED=1)");
  } else {
    prepareE2E();
  }

  const started: ChildProcess[] = [];
  const doors: Awaited<ReturnType<typeof openSqlDoor>>[] = [];
  const teardown = async () => {
    await Promise.all(doors.map((door) => door.close()));
    for (const server of started) stopServer(server);
  };
  try {
    const servers: E2EServer[] = [];
    for (let index = 0; index < E2E_SERVERS; index++) {
      const stateDir = `${STATE_ROOT}/${index + 1}`;
      cpSync(SEEDED, stateDir, { recursive: true });
      const port = index === 0 ? PORT : await freePort();
      // One at a time: each preview takes the first free inspector port when it starts.
      const server = spawn("vite", ["preview", "--port", String(port), "--host", "127.0.0.1"], {
        env: { ...process.env, ...LOCAL_SERVER_ENV, NOOBRD_STATE_DIR: stateDir },
        stdio: ["ignore", "inherit", "inherit"],
        detached: true,
      });
      started.push(server);
      const baseURL = `http://127.0.0.1:${port}`;
      await waitForServer(`${baseURL}/about-us`, server);
      if (!server.pid) throw new Error("the preview server has no pid");
      const workerdURL = await workerdEntry(server.pid, "/favicon.svg", baseURL);
      const door = await openSqlDoor(stateDir);
      doors.push(door);
      servers.push({ baseURL, workerdURL, stateDir, sqlDoor: door.url });
    }
    project.provide("servers", servers);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
