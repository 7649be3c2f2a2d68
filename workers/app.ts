import { createRequestHandler, RouterContextProvider } from "react-router";
import { refreshUsdInrRate } from "../app/features/currency/rates.server";
import { cloudflareContext } from "../app/platform/context";
import { newNonce, withSecurityHeaders } from "../app/platform/security-headers";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  async fetch(request, env, ctx) {
    const nonce = newNonce();
    const context = new RouterContextProvider(new Map([[cloudflareContext, { env, ctx, cf: request.cf, nonce }]]));
    const response = await requestHandler(request, context);
    return withSecurityHeaders(response, nonce, import.meta.env.DEV);
  },

  /** Cron (wrangler.jsonc triggers): refreshes the USD->INR rate once its next-update time has passed. */
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(
      refreshUsdInrRate(env, { now: new Date(controller.scheduledTime) }).then((outcome) => {
        if (outcome.status !== "fresh") console.log("exchange rate", outcome.status);
      }),
    );
  },
} satisfies ExportedHandler<Env>;
