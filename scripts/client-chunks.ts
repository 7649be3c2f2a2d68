/**
 * What each client chunk is made of, so that bench/js-budget.ts can tell the framework's bytes from ours.
 *
 * The client build puts the framework (React, react-dom, its scheduler, React Router and the two small packages React
 * Router bundles) in one chunk named `framework` (a Rolldown code-splitting group), and `clientChunks()` writes, after
 * each client build, the modules of every chunk to build/client-chunks.json (beside build/client, so it is never
 * served). A chunk is the framework's when every module in it is the framework's, React Router's hydration entry, or
 * Rolldown's runtime helpers (which the CommonJS of react and react-dom needs); every other chunk is ours, whoever
 * wrote its modules (Conform and Vite's preload helper count as ours: the app chose to load them).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** The framework's packages, by module id. */
export const FRAMEWORK_PACKAGE =
  /(^|[\\/])node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

/** React Router's default hydration entry (app/ has no entry.client.tsx of its own). */
const HYDRATION_ENTRY = /(^|[\\/])node_modules[\\/]@react-router[\\/]dev[\\/].*[\\/]entry\.client\.tsx$/;

/** Rolldown's runtime module (`__commonJS`, `__toESM`): bundling glue, emitted with the CommonJS it wraps. */
const BUNDLER_RUNTIME = /^\0?rolldown[\\/]runtime/;

export function isFrameworkModule(id: string): boolean {
  return FRAMEWORK_PACKAGE.test(id) || HYDRATION_ENTRY.test(id) || BUNDLER_RUNTIME.test(id);
}

/**
 * build/client-chunks.json: each client chunk's file (as the manifest names it, `/assets/...`) and its modules' ids
 * (paths relative to the project, e.g. `node_modules/react/index.js`, `app/root.tsx`).
 */
export type ClientChunks = Record<string, string[]>;

export const CLIENT_CHUNKS_FILE = "client-chunks.json";

/**
 * A feature's entry file (app/features/<name>/index.ts): it re-exports every name the feature offers, so the walk
 * below stops there rather than count in modules the root never uses (they are dropped by tree-shaking, and the
 * ones it uses are found through the modules that import them).
 */
const FEATURE_ENTRY = /[\\/]app[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/;

/** The root route's client module, an entry of the client build. */
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx\?__react-router-build-client-route$/;

export function clientChunks(): Plugin {
  // Every module the root route imports statically, at any depth: every page runs them (found at the end of the
  // client build's module graph, before chunks are made).
  const shell = new Set<string>();
  return {
    name: "noobrd:client-chunks",
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rollupOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "framework", test: FRAMEWORK_PACKAGE, priority: 2 },
                  // What the root route loads, in one chunk: every page loads it anyway, and Rolldown otherwise
                  // splits it by which pages also import each module (money, dates, toasts...), a dozen files
                  // under 1 KiB each that every page fetched, each with its own gzip and import lines (~2 KiB).
                  { name: "shell", test: (id) => shell.has(id), priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      if (this.environment.name !== "client") return;
      shell.clear();
      const root = [...this.getModuleIds()].find((id) => ROOT_ROUTE.test(id));
      const pending = root ? [root] : [];
      for (let id = pending.pop(); id; id = pending.pop()) {
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          if (shell.has(imported) || isFrameworkModule(imported) || FEATURE_ENTRY.test(imported)) continue;
          shell.add(imported);
          pending.push(imported);
        }
      }
    },
    writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const root = this.environment.config.root;
      const chunks: ClientChunks = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[`/${output.fileName}`] = output.moduleIds.map((id) =>
          path.isAbsolute(id) ? path.relative(root, id).split(path.sep).join("/") : id,
        );
      }
      const file = path.join(options.dir, "..", CLIENT_CHUNKS_FILE);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}
