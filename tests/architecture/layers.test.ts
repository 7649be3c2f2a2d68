import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Layers point one way: routes -> features -> platform -> db/lib (docs/architecture.md, docs/architecture.md).
 * This test reads every module under app/ and refuses an import that points up: `~/x` and relative paths
 * alike, static, dynamic and type-only imports alike.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const APP = join(ROOT, "app");

/** For each layer (a folder under app/), the folders under app/ it must never import. */
const FORBIDDEN: Record<string, string[]> = {
  lib: ["features", "routes", "components", "platform"],
  platform: ["features", "routes", "components"],
  features: ["routes", "components"],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

/** The specifiers a module imports (static, re-exports, side-effect and dynamic imports). */
function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((match) => match[1] as string);
}

/** The app/ folder an import lands in ("features", "platform", ...), or null for a package. */
function layerOfImport(fromFile: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("~/")) target = join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) target = resolve(dirname(fromFile), specifier);
  else return null;
  const inApp = relative(APP, target);
  if (inApp.startsWith("..")) return null;
  return inApp.split(/[\\/]/)[0] ?? null;
}

function layerViolations(files: { path: string; source: string }[]): string[] {
  const found: string[] = [];
  for (const { path, source } of files) {
    const layer = relative(APP, path).split(/[\\/]/)[0] ?? "";
    const forbidden = FORBIDDEN[layer];
    if (!forbidden) continue;
    for (const specifier of importsOf(source)) {
      const target = layerOfImport(path, specifier);
      if (target && forbidden.includes(target)) found.push(`${relative(ROOT, path)} imports ${specifier}`);
    }
  }
  return found;
}

describe("layers", () => {
  it("no module imports a layer above its own", () => {
    const files = sourceFiles(APP).map((path) => ({ path, source: readFileSync(path, "utf8") }));
    expect(files.length).toBeGreaterThan(50);
    expect(layerViolations(files)).toEqual([]);
  });

  it("catches an upward import, aliased or relative, static or dynamic", () => {
    const violations = layerViolations([
      { path: join(APP, "platform/x.server.ts"), source: 'import { a } from "~/features/auth/guards.server";' },
      { path: join(APP, "features/favourites/y.ts"), source: 'import { notify } from "../../components/toaster";' },
      { path: join(APP, "features/favourites/z.ts"), source: 'const m = await import("~/routes/api/x");' },
      { path: join(APP, "lib/w.ts"), source: 'export type { Viewer } from "~/features/access/policy";' },
      { path: join(APP, "features/favourites/ok.ts"), source: 'import { Button } from "./components/button";' },
      { path: join(APP, "routes/ok.ts"), source: 'import { Header } from "~/components/header";' },
    ]);
    expect(violations).toEqual([
      "app/platform/x.server.ts imports ~/features/auth/guards.server",
      "app/features/favourites/y.ts imports ../../components/toaster",
      "app/features/favourites/z.ts imports ~/routes/api/x",
      "app/lib/w.ts imports ~/features/access/policy",
    ]);
  });
});
