import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Module, modulesUnder, ROOT, resolveImport, specifiersOf } from "./scanner";

/**
 * The local stand-ins (app/platform/stand-ins) are wired in one place (docs/architecture.md, "Local development and
 * tests"): workers/dev-composition.ts imports them and registers them with app/platform/adapters.server.ts, and the
 * platform's adapters know only their interfaces. No other module of the app or the Worker imports a stand-in, by a
 * static, dynamic or type-only import: the stand-ins themselves, the development composition, the development pages
 * (app/routes/dev/, which serve the exchange-rate and oEmbed stand-ins) and the code that only tests run (tests/,
 * every *.test.ts, the benches and the test runners' configuration) aside.
 */
const SCANNED = ["app", "workers", "db", "scripts", "tests", "bench"];
const STAND_INS = "app/platform/stand-ins/";
const DEV_COMPOSITION = "workers/dev-composition.ts";

/** Whether `path` may import a stand-in. */
function mayImportStandIns(path: string): boolean {
  return (
    path.startsWith(STAND_INS) ||
    path === DEV_COMPOSITION ||
    path.startsWith("app/routes/dev/") ||
    path.startsWith("tests/") ||
    path.startsWith("bench/") ||
    /\.test\.tsx?$/.test(path) ||
    /^vitest(\.[\w-]+)?\.config\.ts$/.test(path)
  );
}

/** Each import of a stand-in by a module that may not import one. */
function standInImports(modules: Module[]): string[] {
  const found: string[] = [];
  for (const { path, source } of modules) {
    if (mayImportStandIns(path)) continue;
    for (const specifier of specifiersOf(source, ["static", "type", "dynamic"])) {
      if (resolveImport(path, specifier)?.startsWith(STAND_INS)) found.push(`${path} imports ${specifier}`);
    }
  }
  return found;
}

/** The repository's own configuration files at its root (vite.config.ts, vitest.config.ts, ...). */
function rootModules(): Module[] {
  return readdirSync(ROOT)
    .filter((name) => /\.ts$/.test(name) && !/\.d\.ts$/.test(name))
    .map((name) => ({ path: name, source: readFileSync(join(ROOT, name), "utf8") }));
}

describe("the local stand-ins", () => {
  it("are imported only by the development composition, the development pages and tests", () => {
    const modules = [...modulesUnder(SCANNED), ...rootModules()];
    expect(modules.length).toBeGreaterThan(300);
    expect(standInImports(modules)).toEqual([]);
    // The development composition does import them: the scan reads it.
    const composition = modules.find((module) => module.path === DEV_COMPOSITION);
    expect(specifiersOf(composition?.source ?? "", ["static"]).some((s) => s.includes("/stand-ins/"))).toBe(true);
  });

  it("refuses a production module importing one, statically, dynamically or for its types", () => {
    const outbox = "../stand-ins/email/outbox.server";
    expect(
      standInImports([
        { path: "app/platform/email/a.server.ts", source: `import { readOutbox } from "${outbox}";` },
        { path: "app/platform/email/b.server.ts", source: `const m = await import("${outbox}");` },
        { path: "app/platform/email/c.server.ts", source: `import type { StoredEmail } from "${outbox}";` },
        { path: "workers/fetch.ts", source: 'await import("../app/platform/stand-ins/oauth/worker");' },
        {
          path: "app/features/x/y.server.ts",
          source: 'import { standInToken } from "~/platform/stand-ins/turnstile/siteverify";',
        },
        {
          path: "vite.config.ts",
          source: 'import { createStripeStandIn } from "./app/platform/stand-ins/stripe/stand-in";',
        },
        // Allowed: the composition, the stand-ins among themselves, the dev pages, tests, and other imports.
        {
          path: DEV_COMPOSITION,
          source: 'import { readOutbox } from "../app/platform/stand-ins/email/outbox.server";',
        },
        { path: "app/platform/stand-ins/email/outbox.server.ts", source: 'import { keepInOutbox } from "../outbox";' },
        { path: "app/routes/dev/oembed.ts", source: 'await import("~/platform/stand-ins/video-details");' },
        {
          path: "tests/integration/a.test.ts",
          source: 'import { readOutbox } from "~/platform/stand-ins/email/outbox.server";',
        },
        {
          path: "app/features/booking/b.test.ts",
          source: 'import { readOutbox } from "~/platform/stand-ins/email/outbox.server";',
        },
        {
          path: "vitest.config.ts",
          source: 'import { createStripeStandIn } from "./app/platform/stand-ins/stripe/stand-in.ts";',
        },
        { path: "app/platform/email/email.server.ts", source: 'import { standIn } from "../adapters.server";' },
      ]),
    ).toEqual([
      `app/platform/email/a.server.ts imports ${outbox}`,
      `app/platform/email/b.server.ts imports ${outbox}`,
      `app/platform/email/c.server.ts imports ${outbox}`,
      "workers/fetch.ts imports ../app/platform/stand-ins/oauth/worker",
      "app/features/x/y.server.ts imports ~/platform/stand-ins/turnstile/siteverify",
      "vite.config.ts imports ./app/platform/stand-ins/stripe/stand-in",
    ]);
  });
});
