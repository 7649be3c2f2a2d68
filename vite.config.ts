import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientChunks } from "./scripts/client-chunks.ts";
import { devCron } from "./scripts/dev-cron.ts";

// No internet here: do not let miniflare fetch the Request.cf object from Cloudflare.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

/** A module of a feature (app/features/<name>/...), by its id. */
const FEATURE_MODULE = /[\\/]app[\\/]features[\\/][^?]*\.tsx?$/;

// Local D1/R2 state lives in .wrangler/state; the browser tests point NOOBRD_STATE_DIR at their own copy.
const stateDir = process.env.NOOBRD_STATE_DIR;

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: stateDir ? { path: stateDir } : true,
      // The documents Worker (invoice PDF, payout statement), reached over the DOCUMENTS service binding: served
      // beside the app by `npm run dev` and `vite preview`, built to build/documents/ for the deploy.
      auxiliaryWorkers: [{ configPath: "./workers/documents/wrangler.toml" }],
    }),
    tailwindcss(),
    reactRouter(),
    clientChunks(),
    devCron(),
  ],
  resolve: { tsconfigPaths: true },
  // A feature module only declares (docs/architecture.md, "Features as modules"): importing it runs nothing. So a
  // page that takes one name from a feature's entry file (app/features/<name>/index.ts) gets that name and what it
  // needs, not every module the entry re-exports (tests/e2e/js-budget.test.ts holds each page to its budget).
  build: { rolldownOptions: { treeshake: { moduleSideEffects: [{ test: FEATURE_MODULE, sideEffects: false }] } } },
  // The browser tests' dev server pre-bundles into a folder of its own, apart from a running `npm run dev`'s.
  cacheDir: process.env.NOOBRD_VITE_CACHE_DIR,
  // Every dependency the app imports, declared up front: otherwise the first visits of a fresh `npm run dev`
  // find them one by one, Vite re-optimises and reloads, and a request caught in between answers 500.
  optimizeDeps: {
    include: [
      "react",
      "react/jsx-runtime",
      "react/jsx-dev-runtime",
      "react-dom",
      "react-dom/client",
      "react-router",
      "sonner",
      "zod",
      "zod/v4/core",
      "@conform-to/react",
      "@conform-to/zod/v4",
    ],
  },
  environments: {
    ssr: {
      // The page Worker's upload and its isolate's heap (module sources are kept as strings) carry no doc comments:
      // the source maps keep them for reading (docs/decisions/025-documents-worker.md).
      build: { rolldownOptions: { output: { comments: { legal: true, annotation: true, jsdoc: false } } } },
      optimizeDeps: {
        include: [
          "react",
          "react/jsx-runtime",
          "react/jsx-dev-runtime",
          "react-dom/server",
          "react-router",
          "isbot",
          "zod",
          "zod/v4/core",
          "@conform-to/react",
          "@conform-to/zod/v4",
          "drizzle-orm",
          "drizzle-orm/d1",
          "drizzle-orm/sqlite-core",
          "remix-auth",
          "remix-auth-oauth2",
          "stripe",
          "ics",
          "partyserver",
        ],
      },
    },
    // The documents Worker's environment (named after its Worker, noobrd-documents).
    noobrd_documents: {
      build: { outDir: "build/documents" },
      optimizeDeps: { include: ["pdf-lib", "exceljs/excel.js"] },
    },
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.PORT ?? 4173), strictPort: true },
});
