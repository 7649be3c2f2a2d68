/**
 * Client JavaScript per page, from the build's React Router manifest (build/client/assets/manifest-*.js):
 * the entry, the root route and the page's route module with every chunk they import (what the page
 * modulepreloads and runs before it is interactive), plus the manifest itself. Sizes are gzip -9, which is
 * close to what the edge sends (brotli is a little smaller).
 *
 * Targets (issue 11): the landing page at most 90 KiB, every catalogue page at most 100 KiB. React,
 * react-dom and React Router alone are ~109 KiB gzip -9 here (~95 KiB brotli), so a fully hydrated page
 * cannot meet them; the bench prints each page against its target, and tests/e2e/js-budget.test.ts holds
 * every page under a ceiling just above today's size so that what was cut does not come back.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Issue 11's targets (printed by the bench). */
export const JS_BUDGET_KIB: Record<string, number> = {
  "routes/public/home": 90,
  "routes/public/browse": 100,
  "routes/public/gig": 100,
  "routes/public/star": 100,
  "routes/public/game": 100,
};

/**
 * Ceilings asserted by tests/e2e/js-budget.test.ts: today's size plus about 2.5 KiB (Nov 22 2026, after the staff
 * area and the live pages: 121.5, 125.1, 134.9, 121.7, 122.4 KiB; the route manifest file is not counted, since
 * lazy route discovery never loads it). The gig page also carries the booking form (issue 7): Conform's form state
 * and the form itself; its Zod check loads after hydration in its own chunk (booking-form-validation.ts).
 */
export const JS_CEILING_KIB: Record<string, number> = {
  // +0.5 KiB: the rating on gig cards (reviews); +0.1 KiB: the shared socket hook's overlay close code (every page)
  "routes/public/home": 124.7,
  "routes/public/browse": 128.5, // +0.5 KiB: the rating on gig cards and the "Top rated" sort (reviews)
  // +0.4 KiB: the viewer-zone context and the price rule (ADR 019, 020); +1.6 KiB: the reviews block; +0.5 KiB: the
  // waitlist forms and the fan's place; +0.2 KiB measured once both were merged (140.68)
  "routes/public/gig": 140.8,
  "routes/public/star": 126.5, // +0.1 KiB: the viewer-zone context (ADR 019); +1.3 KiB: the reviews block
  "routes/public/game": 125.5, // +0.4 KiB: the rating on gig cards (reviews)
};

/** Libraries a catalogue page must not load before they are needed, by a marker in their code. */
export const NOT_ON_CATALOGUE_PAGES: Record<string, RegExp> = {
  "zod (validation runs on the server; forms load it)": /ZodError/,
  "sonner (loaded with the first toast)": /data-sonner/,
};

type RouteEntry = { module: string; imports?: string[]; parentId?: string };
type Manifest = { entry: RouteEntry; routes: Record<string, RouteEntry> };

export function readManifest(clientDir = "build/client"): { manifest: Manifest; file: string } {
  const assets = path.join(clientDir, "assets");
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`no React Router manifest in ${assets}: run the build first`);
  const source = readFileSync(path.join(assets, name), "utf8");
  const json = source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "");
  return { manifest: JSON.parse(json) as Manifest, file: `/assets/${name}` };
}

export type PageJs = { routeId: string; files: string[]; rawBytes: number; gzipBytes: number };

export function pageJs(routeId: string, clientDir = "build/client"): PageJs {
  // Not the manifest file itself: with lazy route discovery (React Router's default with SSR) a page inlines the
  // routes it renders and fetches the rest from /__manifest as links appear; /assets/manifest-*.js is never loaded
  // (no browser test requests it). Counting it added ~8.5 KiB to every page, growing with every route added.
  const { manifest } = readManifest(clientDir);
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the manifest`);
    files.add(route.module);
    for (const imported of route.imports ?? []) files.add(imported);
  }
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const url of files) {
    const body = readFileSync(path.join(clientDir, url));
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { routeId, files: [...files].sort(), rawBytes, gzipBytes };
}

/** One line per budgeted page: size, budget, and what it loads. */
export function budgetReport(clientDir = "build/client"): { page: PageJs; budgetKiB: number; over: boolean }[] {
  return Object.entries(JS_BUDGET_KIB).map(([routeId, budgetKiB]) => {
    const page = pageJs(routeId, clientDir);
    return { page, budgetKiB, over: page.gzipBytes > budgetKiB * 1024 };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { page, budgetKiB, over } of budgetReport()) {
    const sizes = page.files.map((file) => {
      const kib = gzipSync(readFileSync(path.join("build/client", file)), { level: 9 }).length / 1024;
      return `${path.basename(file)} ${kib.toFixed(1)}`;
    });
    console.log(
      `${page.routeId.padEnd(22)} ${(page.gzipBytes / 1024).toFixed(1).padStart(6)} KiB gzip (budget ${budgetKiB})${over ? "  OVER" : ""}\n    ${sizes.join(", ")}`,
    );
  }
}
