import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A lean server bundle (docs/architecture.md, "Request path", 6): a heavy package one route needs is loaded with
 * `await import()` where it is used and imported nowhere else at run time, and a dynamic import of a repository
 * module is never undone by a static import of the same module elsewhere (the bundler then keeps it in the main
 * chunk and warns INEFFECTIVE_DYNAMIC_IMPORT).
 */
const ROOT = resolve(import.meta.dirname, "../..");
const SCANNED = ["app", "workers"];
/** Each lazy package (the specifiers that load it) and the one module allowed to load it. */
const LAZY_PACKAGES: { pattern: RegExp; loader: string }[] = [
  { pattern: /^exceljs(\/|$)/, loader: "app/features/payouts/statement.server.ts" },
  { pattern: /^pdf-lib(\/|$)/, loader: "app/features/booking/invoice.server.ts" },
  { pattern: /^stripe(\/|$)/, loader: "app/platform/stripe/payments.server.ts" },
];

type Module = { path: string; source: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test\.tsx?|d\.ts)$/.test(entry.name) ? [path] : [];
  });
}

/** Static imports and re-exports that load code at run time (not `import type`, not `export type`). */
const STATIC = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s*)?["']([^"']+)["']/g;
const DYNAMIC = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

const specifiers = (source: string, pattern: RegExp) => [...source.matchAll(pattern)].map((m) => m[1] as string);

function resolveModule(fromFile: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = join(ROOT, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(ROOT, dirname(fromFile), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(ROOT, candidate).split("\\").join("/");
  }
  return null;
}

function lazyViolations(modules: Module[]): string[] {
  const found: string[] = [];
  const staticTargets = new Map<string, string>();
  for (const { path, source } of modules) {
    for (const specifier of specifiers(source, STATIC)) {
      for (const lazy of LAZY_PACKAGES) {
        if (lazy.pattern.test(specifier)) found.push(`${path} imports ${specifier} statically`);
      }
      const target = resolveModule(path, specifier);
      if (target) staticTargets.set(target, path);
    }
  }
  for (const { path, source } of modules) {
    for (const specifier of specifiers(source, DYNAMIC)) {
      for (const lazy of LAZY_PACKAGES) {
        if (lazy.pattern.test(specifier) && path !== lazy.loader) found.push(`${path} loads ${specifier}`);
      }
      const target = resolveModule(path, specifier);
      const importer = target && staticTargets.get(target);
      if (importer) found.push(`${path} imports ${specifier} dynamically, but ${importer} imports it statically`);
    }
  }
  return found;
}

describe("lazy imports", () => {
  it("exceljs and pdf-lib load only where used, and no dynamic import is undone by a static one", () => {
    const modules = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir))).map((path) => ({
      path: relative(ROOT, path).split("\\").join("/"),
      source: readFileSync(path, "utf8"),
    }));
    expect(modules.length).toBeGreaterThan(100);
    for (const lazy of LAZY_PACKAGES) {
      const loader = modules.find((module) => module.path === lazy.loader);
      expect(specifiers(loader?.source ?? "", DYNAMIC).some((s) => lazy.pattern.test(s))).toBe(true);
    }
    expect(lazyViolations(modules)).toEqual([]);
  });

  it("finds a static import of a lazy package, a load elsewhere, and a dynamic import undone by a static one", () => {
    const found = lazyViolations([
      { path: "app/features/booking/invoice.server.ts", source: 'const { PDFDocument } = await import("pdf-lib");' },
      { path: "app/features/booking/other.server.ts", source: 'import { PDFDocument } from "pdf-lib";' },
      { path: "app/features/payouts/x.server.ts", source: 'const x = await import("exceljs/excel.js");' },
      { path: "app/features/payouts/types.ts", source: 'import type { Workbook } from "exceljs";' },
      { path: "app/features/live/vip-step.server.ts", source: 'const m = await import("./coordinator.server");' },
      { path: "app/features/live/reads.server.ts", source: 'import { broadcastOf } from "./coordinator.server";' },
    ]);
    expect(found).toEqual([
      "app/features/booking/other.server.ts imports pdf-lib statically",
      "app/features/payouts/x.server.ts loads exceljs/excel.js",
      "app/features/live/vip-step.server.ts imports ./coordinator.server dynamically, but app/features/live/reads.server.ts imports it statically",
    ]);
  });
});
