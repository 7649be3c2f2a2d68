import { describe, expect, it } from "vitest";
import { cycles, graphOf, type Module, modulesUnder, resolveImport, specifiersOf } from "./scanner";

/**
 * The import graph of app/, workers/, db/ and scripts/ (docs/architecture.md "Features as modules"): no cycles among runtime
 * imports, static and dynamic (type-only imports aside; table references between db/schema files are fine: SQLite
 * tables refer to each other), and no import against the layers: routes -> features -> platform -> db/lib, db/ never
 * imports app/ code (a seed that needs a use case belongs in scripts/), routes never import db/schema (a route
 * speaks to its feature, which owns the tables' words). Static, dynamic and type-only imports alike must respect
 * the layers.
 */
const SCANNED = ["app", "workers", "db", "scripts"];

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

function layerBreaks(modules: Module[]): string[] {
  const found: string[] = [];
  for (const { path, source } of modules) {
    const forbidden = FORBIDDEN[layer(path)];
    if (!forbidden || /\.test\.tsx?$/.test(path)) continue;
    for (const specifier of specifiersOf(source, ["static", "type", "dynamic"])) {
      const target = resolveImport(path, specifier);
      if (target && forbidden.includes(layer(target))) found.push(`${path} imports ${specifier}`);
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
    if (/\.test\.tsx?$/.test(path)) continue;
    for (const specifier of specifiersOf(source, ["static", "type", "dynamic"])) {
      const target = resolveImport(path, specifier);
      if (!target) continue;
      for (const [folder, entry] of Object.entries(SEALED)) {
        if (target.startsWith(folder) && !path.startsWith(folder) && target !== entry)
          found.push(`${path} imports ${specifier}`);
      }
    }
  }
  return found;
}

describe("the import graph", () => {
  const modules = modulesUnder(SCANNED);

  it("has no cycle among runtime imports, static or dynamic (table references in db/schema aside)", () => {
    expect(modules.length).toBeGreaterThan(300);
    const found = cycles(graphOf(modules, ["static", "dynamic"])).filter((component) => !component.every(isSchema));
    expect(found).toEqual([]);
  });

  it("has no import against the layers", () => {
    expect(layerBreaks(modules)).toEqual([]);
  });

  it("reaches a sealed folder only through its entry file", () => {
    expect(sealedBreaks(modules)).toEqual([]);
    expect(
      sealedBreaks([
        { path: "workers/fetch.ts", source: 'import { x } from "../app/platform/edge/cache.server";' },
        { path: "workers/other.ts", source: 'import { y } from "../app/platform/edge/index.server";' },
      ]),
    ).toEqual(["workers/fetch.ts imports ../app/platform/edge/cache.server"]);
  });

  it("finds a cycle when there is one, through a dynamic import too, and a type-only import back is none", () => {
    const a = "app/features/payments/checkout.server.ts";
    const b = "app/features/payments/fulfilment.server.ts";
    const fake: Module[] = [
      { path: a, source: 'import { releaseOrder } from "./fulfilment.server";' },
      {
        path: b,
        source:
          'import { openCardCheckout } from "~/features/payments/checkout.server";\nimport type { X } from "./x";',
      },
    ];
    expect(cycles(graphOf(fake))).toEqual([[a, b]]);
    // The Stripe adapter once loaded the stand-in's mount lazily, and the mount imported the adapter back.
    const adapter = "app/platform/stripe/payments.server.ts";
    const mount = "app/platform/stand-ins/stripe/mount.server.ts";
    const lazy: Module[] = [
      { path: adapter, source: 'const { mount } = await import("../stand-ins/stripe/mount.server");' },
      { path: mount, source: 'import { stripeSecrets } from "../../stripe/payments.server";' },
    ];
    expect(cycles(graphOf(lazy, ["static", "dynamic"]))).toEqual([[mount, adapter]]);
    fake[1] = { path: b, source: 'import type { CheckoutSession } from "./checkout.server";' };
    expect(cycles(graphOf(fake, ["static", "dynamic"]))).toEqual([]);
  });

  it("finds an import against the layers: aliased or relative, static, dynamic or type-only", () => {
    expect(
      layerBreaks([
        { path: "app/routes/admin/games.tsx", source: 'import { GAMES } from "../../../db/schema";' },
        { path: "db/x.ts", source: 'import { hashPassword } from "../app/features/auth/password.server";' },
        { path: "app/platform/x.server.ts", source: 'import { a } from "~/features/auth/index.server";' },
        { path: "app/features/favourites/y.ts", source: 'import { notify } from "../../components/toaster";' },
        { path: "app/features/favourites/z.ts", source: 'const m = await import("~/routes/api/all-games");' },
        { path: "app/lib/w.ts", source: 'export type { Viewer } from "~/features/access/policy";' },
        { path: "app/features/favourites/ok.ts", source: 'import { Button } from "./components/favourite-button";' },
        { path: "app/routes/ok.ts", source: 'import { Header } from "~/components/header";' },
      ]),
    ).toEqual([
      "app/routes/admin/games.tsx imports ../../../db/schema",
      "db/x.ts imports ../app/features/auth/password.server",
      "app/platform/x.server.ts imports ~/features/auth/index.server",
      "app/features/favourites/y.ts imports ../../components/toaster",
      "app/features/favourites/z.ts imports ~/routes/api/all-games",
      "app/lib/w.ts imports ~/features/access/policy",
    ]);
  });
});
