import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { workerdEntry } from "../../bench/lib";
import { LOCAL_SERVER_ENV, stopServer, waitForServer } from "./server";
import { openSqlDoor } from "./sql-door";

/**
 * Builds the app, prepares a fresh, migrated and seeded database of its own (so the
 * developer's dev data is untouched), and serves the built Worker with `vite preview`.
 */
const STATE_DIR = ".wrangler/e2e-state";
const PORT = Number(process.env.E2E_PORT ?? 4317);

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** workerd's own socket behind the preview: no Node relay, answers compressed as the Worker sent them. */
    workerdURL: string;
    stateDir: string;
    sqlDoor: string;
  }
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed with ${result.status}`);
}

export default async function setup(project: TestProject) {
  const env: Record<string, string> = { ...LOCAL_SERVER_ENV, NOOBRD_STATE_DIR: STATE_DIR };
  rmSync(STATE_DIR, { recursive: true, force: true });
  // Vitest sets NODE_ENV=test; a build must be a production build (import.meta.env.DEV false). Mode "e2e"
  // keeps the local OAuth stand-in in the bundle (a "production" mode build folds it away, see workers/fetch.ts).
  run("react-router", ["build", "--mode", "e2e"], { ...env, NODE_ENV: "production" });
  run("tsx", ["scripts/db-prepare.ts", "--persist-to", STATE_DIR], env);

  const server = spawn("vite", ["preview", "--port", String(PORT), "--host", "127.0.0.1"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const baseURL = `http://127.0.0.1:${PORT}`;
  await waitForServer(`${baseURL}/about-us`, server);
  project.provide("baseURL", baseURL);
  if (!server.pid) throw new Error("the preview server has no pid");
  project.provide("workerdURL", await workerdEntry(server.pid, "/favicon.svg", baseURL));
  project.provide("stateDir", STATE_DIR);
  const door = await openSqlDoor(STATE_DIR);
  project.provide("sqlDoor", door.url);

  return async () => {
    await door.close();
    stopServer(server);
  };
}
