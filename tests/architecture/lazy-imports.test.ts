import { describe, expect, it } from "vitest";
import { type Module, modulesUnder, resolveImport, specifiersOf } from "./scanner";

/**
 * A lean server bundle (docs/architecture.md, "Request path", 6): a heavy package one route needs is loaded with
 * `await import()` where it is used and imported nowhere else at run time, and a dynamic import of a repository
 * module is never undone by a static import of the same module elsewhere (the bundler then keeps it in the main
 * chunk and warns INEFFECTIVE_DYNAMIC_IMPORT). The document packages (pdf-lib, exceljs) go further: only the
 * documents Worker (workers/documents/) imports them, so they are no part of the page Worker at all.
 */
const SCANNED = ["app", "workers"];
/** Each lazy package (the specifiers that load it) and the one module allowed to load it. */
const LAZY_PACKAGES: { pattern: RegExp; loader: string }[] = [
  { pattern: /^stripe(\/|$)/, loader: "app/platform/stripe/payments.server.ts" },
];
/** Each package only the documents Worker may import, and the module that does. */
const DOCUMENT_PACKAGES: { pattern: RegExp; user: string }[] = [
  { pattern: /^exceljs(\/|$)/, user: "workers/documents/statement.ts" },
  { pattern: /^pdf-lib(\/|$)/, user: "workers/documents/invoice.ts" },
];
const DOCUMENTS_WORKER = "workers/documents/";

/** Imports of a document package outside the documents Worker, type-only ones included. */
function documentPackageLeaks(modules: Module[]): string[] {
  const found: string[] = [];
  for (const { path, source } of modules) {
    if (path.startsWith(DOCUMENTS_WORKER)) continue;
    for (const specifier of specifiersOf(source, ["static", "type", "dynamic"])) {
      if (DOCUMENT_PACKAGES.some((document) => document.pattern.test(specifier)))
        found.push(`${path} imports ${specifier} outside the documents Worker`);
    }
  }
  return found;
}

function lazyViolations(modules: Module[]): string[] {
  const found: string[] = [];
  const staticTargets = new Map<string, string>();
  for (const { path, source } of modules) {
    for (const specifier of specifiersOf(source, ["static"])) {
      for (const lazy of LAZY_PACKAGES) {
        if (lazy.pattern.test(specifier)) found.push(`${path} imports ${specifier} statically`);
      }
      const target = resolveImport(path, specifier);
      if (target) staticTargets.set(target, path);
    }
  }
  for (const { path, source } of modules) {
    for (const specifier of specifiersOf(source, ["dynamic"])) {
      for (const lazy of LAZY_PACKAGES) {
        if (lazy.pattern.test(specifier) && path !== lazy.loader) found.push(`${path} loads ${specifier}`);
      }
      const target = resolveImport(path, specifier);
      const importer = target && staticTargets.get(target);
      if (importer) found.push(`${path} imports ${specifier} dynamically, but ${importer} imports it statically`);
    }
  }
  return found;
}

describe("lazy imports", () => {
  it("pdf-lib and exceljs are imported by the documents Worker only", () => {
    const modules = modulesUnder(SCANNED, { tests: false });
    for (const document of DOCUMENT_PACKAGES) {
      const user = modules.find((module) => module.path === document.user);
      expect(specifiersOf(user?.source ?? "", ["static"]).some((s) => document.pattern.test(s))).toBe(true);
    }
    expect(documentPackageLeaks(modules)).toEqual([]);
    expect(
      documentPackageLeaks([
        { path: "workers/documents/invoice.ts", source: 'import { PDFDocument } from "pdf-lib";' },
        { path: "app/features/booking/invoice.server.ts", source: 'const { PDFDocument } = await import("pdf-lib");' },
        { path: "app/features/payouts/types.ts", source: 'import type { Workbook } from "exceljs";' },
      ]),
    ).toEqual([
      "app/features/booking/invoice.server.ts imports pdf-lib outside the documents Worker",
      "app/features/payouts/types.ts imports exceljs outside the documents Worker",
    ]);
  });

  it("Stripe's SDK loads only where used, and no dynamic import is undone by a static one", () => {
    const modules = modulesUnder(SCANNED, { tests: false });
    expect(modules.length).toBeGreaterThan(100);
    for (const lazy of LAZY_PACKAGES) {
      const loader = modules.find((module) => module.path === lazy.loader);
      expect(specifiersOf(loader?.source ?? "", ["dynamic"]).some((s) => lazy.pattern.test(s))).toBe(true);
    }
    expect(lazyViolations(modules)).toEqual([]);
  });

  it("finds a static import of a lazy package, a load elsewhere, and a dynamic import undone by a static one", () => {
    const found = lazyViolations([
      { path: "app/platform/stripe/payments.server.ts", source: 'const { default: Stripe } = await import("stripe");' },
      { path: "app/platform/stripe/other.server.ts", source: 'import Stripe from "stripe";' },
      { path: "app/features/payouts/x.server.ts", source: 'const x = await import("stripe");' },
      { path: "app/platform/stripe/types.ts", source: 'import type { Stripe } from "stripe";' },
      { path: "app/features/live/vip-step.server.ts", source: 'const m = await import("./coordinator.server");' },
      { path: "app/features/live/reads.server.ts", source: 'import { broadcastOf } from "./coordinator.server";' },
    ]);
    expect(found).toEqual([
      "app/platform/stripe/other.server.ts imports stripe statically",
      "app/features/payouts/x.server.ts loads stripe",
      "app/features/live/vip-step.server.ts imports ./coordinator.server dynamically, but app/features/live/reads.server.ts imports it statically",
    ]);
  });
});
