import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The import graph of app/, workers/, db/ and scripts/ (docs/architecture.md "Layers"): no cycles among runtime
 * imports (type-only and dynamic imports aside; table references between db/schema files are fine: SQLite tables
 * refer to each other), and no import against the layers: routes -> features -> platform -> db/lib, db/ never
 * imports app/ code (a seed that needs a use case belongs in scripts/), routes never import db/schema (a route
 * speaks to its feature, which owns the tables' words).
 */
const ROOT = resolve(import.meta.dirname, "../..");
const SCANNED = ["app", "workers", "db", "scripts"];

type Module = { path: string; source: string };

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Static imports and re-exports that load code at run time (not `import type`, not `export type`, not dynamic). */
const RUNTIME = /(?:^|\n)\s*(import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s*)?["']([^"']+)["']/g;

function runtimeImports(source: string): string[] {
  return [...source.matchAll(RUNTIME)].map((match) => match[2] as string);
}

/** The repository file an import resolves to, or null for a package or a virtual module. */
function resolveImport(fromFile: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  let base: string;
  const alias = /^~(db|tests|workers)\//.exec(bare);
  if (bare.startsWith("~/")) base = join(ROOT, "app", bare.slice(2));
  else if (alias) base = join(ROOT, alias[1] as string, bare.slice(alias[0].length));
  else if (bare.startsWith(".")) base = resolve(dirname(fromFile), bare);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Strongly connected components of more than one module (or a module importing itself): the cycles. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, indices.get(next) as number));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

function graphOf(modules: Module[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const { path, source } of modules) {
    const targets = runtimeImports(source).flatMap((specifier) => resolveImport(path, specifier) ?? []);
    graph.set(relative(ROOT, path), [...new Set(targets.map((target) => relative(ROOT, target)))]);
  }
  return graph;
}

const isSchema = (file: string) => file.startsWith("db/schema/");

/** The layer of a repository file, for the layer rules. */
function layer(file: string): string {
  const [top = "", second = ""] = file.split("/");
  if (top === "app") return `app/${second}`;
  if (top === "db") return second === "schema" ? "db/schema" : "db";
  return top;
}

/** For each layer, the layers it must never import (at run time or for types alike). */
const FORBIDDEN: Record<string, string[]> = {
  "app/lib": ["app/features", "app/routes", "app/components", "app/platform"],
  "app/platform": ["app/features", "app/routes", "app/components"],
  "app/features": ["app/routes", "app/components"],
  "app/routes": ["db/schema", "db"],
  "app/components": ["app/routes", "db/schema", "db"],
  "db/schema": ["app/features", "app/routes", "app/components", "app/platform", "db"],
  db: ["app/features", "app/routes", "app/components"],
};

const ANY_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

function layerBreaks(modules: Module[]): string[] {
  const found: string[] = [];
  for (const { path, source } of modules) {
    const file = relative(ROOT, path);
    const forbidden = FORBIDDEN[layer(file)];
    if (!forbidden || /\.test\.tsx?$/.test(file)) continue;
    for (const match of source.matchAll(ANY_IMPORT)) {
      const target = resolveImport(path, match[1] as string);
      if (target && forbidden.includes(layer(relative(ROOT, target)))) found.push(`${file} imports ${match[1]}`);
    }
  }
  return found;
}

/** Folders reached from outside only through their entry file (their own tests aside). */
const SEALED: Record<string, string> = {
  "app/platform/edge/": "app/platform/edge/index.server.ts",
};

function sealedBreaks(modules: Module[]): string[] {
  const found: string[] = [];
  for (const { path, source } of modules) {
    const file = relative(ROOT, path);
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const match of source.matchAll(ANY_IMPORT)) {
      const resolved = resolveImport(path, match[1] as string);
      const target = resolved && relative(ROOT, resolved);
      if (!target) continue;
      for (const [folder, entry] of Object.entries(SEALED)) {
        if (target.startsWith(folder) && !file.startsWith(folder) && target !== entry) {
          found.push(`${file} imports ${match[1]}`);
        }
      }
    }
  }
  return found;
}

/**
 * The local stand-ins (app/platform/stand-ins) are loaded by dynamic import only, behind the switch that enables them
 * outside production builds, so that a production build can leave them out (scripts/check-build.ts).
 */
const STAND_INS = "app/platform/stand-ins/";

function staticStandInImports(modules: Module[]): string[] {
  const found: string[] = [];
  for (const { path, source } of modules) {
    const file = relative(ROOT, path);
    if (file.startsWith(STAND_INS) || /\.test\.tsx?$/.test(file)) continue;
    for (const specifier of runtimeImports(source)) {
      const target = resolveImport(path, specifier);
      if (target && relative(ROOT, target).startsWith(STAND_INS)) found.push(`${file} imports ${specifier}`);
    }
  }
  return found;
}

function repository(): Module[] {
  return SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir))).map((path) => ({
    path,
    source: readFileSync(path, "utf8"),
  }));
}

describe("the import graph", () => {
  const modules = repository();

  it("has no cycle among runtime imports (table references in db/schema aside)", () => {
    expect(modules.length).toBeGreaterThan(300);
    const found = cycles(graphOf(modules)).filter((component) => !component.every(isSchema));
    expect(found).toEqual([]);
  });

  it("has no import against the layers", () => {
    expect(layerBreaks(modules)).toEqual([]);
  });

  it("reaches a sealed folder only through its entry file", () => {
    expect(sealedBreaks(modules)).toEqual([]);
    expect(
      sealedBreaks([
        { path: join(ROOT, "workers/fetch.ts"), source: 'import { x } from "../app/platform/edge/cache.server";' },
        { path: join(ROOT, "workers/other.ts"), source: 'import { y } from "../app/platform/edge/index.server";' },
      ]),
    ).toEqual(["workers/fetch.ts imports ../app/platform/edge/cache.server"]);
  });

  it("loads the local stand-ins by dynamic import only", () => {
    expect(staticStandInImports(modules)).toEqual([]);
    const outbox = "../stand-ins/email/outbox.server";
    expect(
      staticStandInImports([
        { path: join(ROOT, "app/platform/email/a.server.ts"), source: `import { readOutbox } from "${outbox}";` },
        { path: join(ROOT, "app/platform/email/b.server.ts"), source: `const m = await import("${outbox}");` },
        { path: join(ROOT, "app/platform/email/c.server.ts"), source: `import type { StoredEmail } from "${outbox}";` },
      ]),
    ).toEqual([`app/platform/email/a.server.ts imports ${outbox}`]);
  });

  it("finds a cycle, and an import against the layers, when there is one", () => {
    const a = join(ROOT, "app/features/payments/registry.server.ts");
    const b = join(ROOT, "app/features/live/vip-step.server.ts");
    const fake: Module[] = [
      { path: a, source: 'import { vipQueueStep } from "~/features/live/vip-step.server";' },
      {
        path: b,
        source:
          'import { FULFILMENT_STEPS } from "~/features/payments/registry.server";\nimport type { X } from "./x";',
      },
    ];
    expect(cycles(graphOf(fake))).toEqual([
      ["app/features/live/vip-step.server.ts", "app/features/payments/registry.server.ts"],
    ]);
    // A type-only import back is no cycle.
    fake[1] = { path: b, source: 'import type { FulfilmentStep } from "~/features/payments/steps";' };
    expect(cycles(graphOf(fake))).toEqual([]);
    expect(
      layerBreaks([
        { path: join(ROOT, "app/routes/admin/games.tsx"), source: 'import { GAMES } from "../../../db/schema";' },
        { path: join(ROOT, "db/x.ts"), source: 'import { hashPassword } from "../app/features/auth/password.server";' },
      ]),
    ).toEqual([
      "app/routes/admin/games.tsx imports ../../../db/schema",
      "db/x.ts imports ../app/features/auth/password.server",
    ]);
  });
});
