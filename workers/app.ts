import { createRequestHandler, RouterContextProvider } from "react-router";
import { sendBookingReminders } from "../app/features/booking/reminders.server";
import { currencyCodeFor, viewerCountry } from "../app/features/currency/currency";
import { refreshUsdInrRate } from "../app/features/currency/rates.server";
import { cloudflareContext } from "../app/platform/context";
import { openD1Session } from "../app/platform/d1-session.server";
import { optimizeDatabase } from "../app/platform/db.server";
import { serveWithEdgeCache } from "../app/platform/edge-cache.server";
import { providerFormActionOrigins, STAND_IN_BASE_PATH, standInEnabled } from "../app/platform/oauth/providers.server";
import { newNonce, withSecurityHeaders } from "../app/platform/security-headers";

/** The cron of booking reminders (wrangler.toml "triggers"); the other cron runs the half-hourly jobs. */
const REMINDERS_CRON = "*/5 * * * *";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  async fetch(request, env, ctx) {
    const nonce = newNonce();
    const url = new URL(request.url);
    // The local Discord/Google stand-in (development, tests and the browser-test build only). A production
    // build (`vite build`, mode "production") folds this branch away, dynamic import and all, so it ships no
    // stand-in code; at run time the setting still has to be on and the environment not production.
    if (
      import.meta.env.MODE !== "production" &&
      url.pathname.startsWith(`${STAND_IN_BASE_PATH}/`) &&
      standInEnabled(env)
    ) {
      const { workerStandIn } = await import("../app/platform/oauth/stand-in-worker");
      return withSecurityHeaders(await workerStandIn(env)(request), nonce, import.meta.env.DEV);
    }
    const d1 = openD1Session(request, env);
    const render = (pageNonce: string, pageRequest: Request) =>
      requestHandler(
        pageRequest,
        new RouterContextProvider(
          new Map([[cloudflareContext, { env: d1.env, ctx, cf: request.cf, nonce: pageNonce }]]),
        ),
      );
    const response = d1.finish(
      await serveWithEdgeCache({
        request,
        // Off under `npm run dev` (code changes must show at once); on in builds and tests that ask for it.
        env: import.meta.env.MODE === "development" ? { ...d1.env, EDGE_CACHE: "off" } : d1.env,
        ctx,
        // An anonymous visitor's prices depend only on their country's currency (SPEC.md section 1).
        variant: currencyCodeFor(viewerCountry(null, request.cf?.country)),
        nonce,
        newNonce,
        render,
      }),
    );
    const formActions = providerFormActionOrigins(env, env.PUBLIC_ORIGIN ?? url.origin);
    return withSecurityHeaders(response, nonce, import.meta.env.DEV, formActions);
  },

  /**
   * Cron (wrangler.toml triggers). Every 5 minutes (REMINDERS_CRON): booking reminders 24 hours and 15 minutes
   * before each slot, each sent once even when runs overlap. Every 30 minutes: refreshes the USD->INR rate once
   * its next-update time has passed, and keeps the query planner's statistics current.
   */
  async scheduled(controller, env, ctx) {
    if (controller.cron === REMINDERS_CRON) {
      ctx.waitUntil(
        sendBookingReminders(env, new Date(controller.scheduledTime)).then(
          (sent) => console.log("booking reminders", sent),
          (error: unknown) => console.error("booking reminders", error),
        ),
      );
      return;
    }
    ctx.waitUntil(
      refreshUsdInrRate(env, { now: new Date(controller.scheduledTime) }).then((outcome) => {
        if (outcome.status !== "fresh") console.log("exchange rate", outcome.status);
      }),
    );
    ctx.waitUntil(optimizeDatabase(env).catch((error: unknown) => console.error("PRAGMA optimize", error)));
  },
} satisfies ExportedHandler<Env>;
