import { describe, expect, it } from "vitest";
import { cycles, type Module, modulesUnder, resolveImport, specifiersOf } from "./scanner";

/**
 * Features as modules (docs/architecture.md, "Features as modules"):
 * - each feature (a folder of app/features) is used from outside only through its entry files: `index.ts` (what
 *   pages and other features may use, safe in the browser) and `index.server.ts` (its server side);
 * - an entry file only re-exports, and `index.ts` never re-exports a `.server` module (it would pull server code
 *   into the browser's bundle);
 * - no cycle runs between features, counting every import (static, type-only and dynamic): the features form a
 *   tree, and where a lower feature must reach higher ones (payments' fulfilment steps, the outbox's templates)
 *   the composition root, workers/composition.ts, hands it a table.
 * - a feature speaks no HTTP: no `Response`, no redirect (guards, the OAuth round trip and the site gate's refusal
 *   live with the routes in app/routes/_lib/); a use case returns a plain result or throws an AppError.
 * Tests are outside the rule: they may reach any module they test.
 */
const featureOf = (path: string) => /^app\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
const isEntry = (path: string) => /^app\/features\/[^/]+\/index(\.server)?\.tsx?$/.test(path);

/** `from` is the importing feature, or null for a module outside the features (a route, the Worker). */
type Arrow = { from: string | null; to: string; file: string; target: string };

/** Every import that crosses from one feature into another, or from outside the features into one. */
function arrows(modules: Module[]): Arrow[] {
  return modules.flatMap(({ path, source }) =>
    specifiersOf(source, ["static", "type", "dynamic"]).flatMap((specifier) => {
      const target = resolveImport(path, specifier);
      const to = target && featureOf(target);
      const from = featureOf(path);
      return target && to && to !== from ? [{ from, to, file: path, target }] : [];
    }),
  );
}

/** Imports from outside a feature that go past its entry files. */
function pastEntries(modules: Module[]): string[] {
  return arrows(modules)
    .filter((arrow) => !isEntry(arrow.target))
    .map((arrow) => `${arrow.file} -> ${arrow.target}`);
}

/** The cycles of the graph whose nodes are features. */
function featureCycles(modules: Module[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const { from, to } of arrows(modules)) {
    if (from === null) continue;
    graph.set(from, [...new Set([...(graph.get(from) ?? []), to])]);
  }
  return cycles(graph);
}

/** Entry files that do more than re-export, or whose browser entry re-exports a `.server` module. */
function entryBreaks(modules: Module[]): string[] {
  return modules
    .filter(({ path }) => isEntry(path))
    .flatMap(({ path, source }) => {
      const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "").trim();
      const statements = code.split(/;\s*/).filter(Boolean);
      const found = statements
        .filter((statement) => !/^export\s+(type\s+)?\{[^}]*\}\s+from\s+["'][^"']+["']$/.test(statement.trim()))
        .map((statement) => `${path}: ${statement.trim().split("\n")[0]}`);
      if (!path.includes(".server.")) {
        for (const specifier of specifiersOf(source, ["static"]))
          if (/\.server$/.test(specifier)) found.push(`${path}: re-exports ${specifier}`);
      }
      return found;
    });
}

/**
 * Ties that must not come back (issue 53): browsing (the catalogue, a streamer's order list) reads no booking or
 * waitlist module (the gig page's loader sends their reads in its batch; an order's status in words is the seats
 * module's), and accounts never write to the wallet (the composition root sets the country step's conversion).
 * Counted through other features too: a feature reaches what its imports reach.
 */
const NEVER: [string, string][] = [
  ["catalogue", "booking"],
  ["catalogue", "waitlist"],
  ["streamer", "booking"],
  ["auth", "wallet"],
];

/** Each `from -> to` of NEVER that the feature graph reaches, directly or through other features. */
function forbiddenTies(modules: Module[]): string[] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of arrows(modules)) {
    if (from !== null) graph.set(from, new Set([...(graph.get(from) ?? []), to]));
  }
  const reaches = (from: string, to: string) => {
    const seen = new Set<string>();
    const next = [from];
    while (next.length > 0) {
      const here = next.pop() as string;
      for (const there of graph.get(here) ?? []) {
        if (there === to) return true;
        if (!seen.has(there)) {
          seen.add(there);
          next.push(there);
        }
      }
    }
    return false;
  };
  return NEVER.filter(([from, to]) => reaches(from, to)).map(([from, to]) => `${from} -> ${to}`);
}

const HTTP = [
  /\bnew Response\(/,
  /\bResponse\.(json|redirect|error)\(/,
  /import\s*\{[^}]*\b(redirect|redirectDocument|replace|data)\b[^}]*\}\s*from\s*["']react-router["']/,
];

/** Feature modules that build an HTTP answer themselves. */
function speaksHttp(modules: Module[]): string[] {
  return modules
    .filter(({ path, source }) => featureOf(path) && HTTP.some((pattern) => pattern.test(source)))
    .map(({ path }) => path);
}

describe("features as modules", () => {
  const modules = modulesUnder(["app", "workers"], { tests: false });

  it("are reached from outside only through their entry files", () => {
    expect(modules.filter(({ path }) => isEntry(path)).length).toBeGreaterThan(30);
    expect(pastEntries(modules)).toEqual([]);
  });

  it("have entry files that only re-export, the browser's none of a .server module", () => {
    expect(entryBreaks(modules)).toEqual([]);
  });

  it("form a tree: no cycle between features", () => {
    expect(featureCycles(modules)).toEqual([]);
  });

  it("keep browsing out of booking and the waitlist, and accounts out of the wallet", () => {
    expect(forbiddenTies(modules)).toEqual([]);
  });

  it("finds a forbidden tie, direct or through another feature", () => {
    expect(
      forbiddenTies([
        { path: "app/features/catalogue/views.server.ts", source: 'import type { q } from "~/features/seats";' },
        { path: "app/features/seats/x.ts", source: 'import { y } from "~/features/booking";' },
        { path: "app/features/auth/social.server.ts", source: 'import { w } from "~/features/wallet/index.server";' },
      ]),
    ).toEqual(["catalogue -> booking", "auth -> wallet"]);
  });

  it("build no HTTP answer of their own", () => {
    expect(speaksHttp(modules)).toEqual([]);
  });

  it("finds a cycle between features, an import past an entry, and an entry that does more than re-export", () => {
    const planted: Module[] = [
      {
        path: "app/features/booking/purchase.server.ts",
        source: 'import { x } from "~/features/payments/index.server";',
      },
      { path: "app/features/payments/fulfilment.server.ts", source: 'import type { Y } from "~/features/booking";' },
      { path: "app/routes/gig.tsx", source: 'import { GigCard } from "~/features/catalogue/components/cards";' },
      { path: "app/features/catalogue/index.ts", source: 'export { x } from "./reads.server";\nexport const y = 1;' },
    ];
    expect(featureCycles(planted)).toEqual([["booking", "payments"]]);
    expect(pastEntries(planted)).toEqual(["app/routes/gig.tsx -> app/features/catalogue/components/cards.tsx"]);
    expect(
      speaksHttp([
        { path: "app/features/auth/guards.server.ts", source: 'import { redirect } from "react-router";' },
        { path: "app/features/live/x.server.ts", source: "return Response.json({ ok: true });" },
        { path: "app/routes/_lib/guards.server.ts", source: 'import { redirect } from "react-router";' },
        { path: "app/features/auth/cookie.server.ts", source: 'import { createCookie } from "react-router";' },
      ]),
    ).toEqual(["app/features/auth/guards.server.ts", "app/features/live/x.server.ts"]);
    expect(entryBreaks(planted)).toEqual([
      "app/features/catalogue/index.ts: export const y = 1",
      "app/features/catalogue/index.ts: re-exports ./reads.server",
    ]);
  });
});
