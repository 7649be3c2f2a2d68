import { createRequestHandler, RouterContextProvider } from "react-router";
import { isInexactCalendarFeedRead } from "../app/features/calendar-feed";
import { currencyCodeFor, viewerCountry } from "../app/features/currency";
import { isInexactOverlayRead } from "../app/features/overlay";
import { requestViewerZone, TIME_ZONE_COOKIE } from "../app/features/time";
import { standIn } from "../app/platform/adapters.server";
import { withAfterResponse } from "../app/platform/after-response.server";
import { cloudflareContext } from "../app/platform/context";
import { openD1Session, withBinding } from "../app/platform/d1-session.server";
import { routedHandlers, serveWithEdgeCache, tallyIfHit } from "../app/platform/edge/index.server";
import { checkPageForm, refusePageFromElsewhere } from "../app/platform/http.server";
import { type LogContext, log, loggablePath, withLogContext } from "../app/platform/log.server";
import { providerFormActionOrigins, STAND_IN_BASE_PATH, standInEnabled } from "../app/platform/oauth/providers.server";
import { newNonce, withSecurityHeaders } from "../app/platform/security-headers";
import { STRIPE_STAND_IN_BASE_PATH, stripeStandInEnabled } from "../app/platform/stripe/payments.server";
import { routeSockets } from "./sockets";
import { mountStripeStandIn } from "./stripe-stand-in";

/** Stripe's hosted checkout is on its own origin: the booking form's redirect there needs form-action. */
const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

const serverBuild = () => import("virtual:react-router/server-build");

/**
 * The build's asset version, part of every page's edge-cache variant. A built Worker's build never changes, so it is
 * read once (awaiting the module on every request cost ~0.2 ms of a cached page's ~2.4 ms); development asks each time.
 */
let builtAssetsVersion: string | undefined;
async function assetsVersion(): Promise<string> {
  if (import.meta.env.DEV) return (await serverBuild()).assets.version;
  builtAssetsVersion ??= (await serverBuild()).assets.version;
  return builtAssetsVersion;
}

/**
 * React Router re-derives its route tables from the build on every request when it is given a function (so that
 * development picks up edits): ~2 ms of CPU per request with this app's routes (the bench's profile). A built
 * Worker's build never changes, so it gets the build itself, once. Either way a request for an API endpoint's own
 * path is answered by a handler of that route alone (routedHandlers: React Router's matching walks every route).
 */
const developmentHandler = createRequestHandler(serverBuild, import.meta.env.MODE);
const developmentRouted = new WeakMap<object, ReturnType<typeof routedHandlers>>();
let builtRouted: ReturnType<typeof routedHandlers> | undefined;
async function requestHandler(request: Request, context: RouterContextProvider, pathname: string): Promise<Response> {
  if (import.meta.env.DEV) {
    const build = await serverBuild();
    let routed = developmentRouted.get(build);
    if (!routed) {
      routed = routedHandlers(build, import.meta.env.MODE, developmentHandler);
      developmentRouted.set(build, routed);
    }
    return routed(pathname)(request, context);
  }
  builtRouted ??= routedHandlers(await serverBuild(), import.meta.env.MODE);
  return builtRouted(pathname)(request, context);
}

/**
 * Each request runs inside its log context (docs/decisions/021-logging.md): the request id (Cloudflare's ray id,
 * else a fresh one) and the path; the app adds the viewer's id once it knows it. One `request` line when the
 * answer is ready: method, path, status, milliseconds (the Worker's clock moves on I/O) and the userId; an edge-cache
 * hit is tallied instead (app/platform/edge/hits.server.ts).
 */
function servedRequest(
  request: Request<unknown, IncomingRequestCfProperties>,
  serve: (url: URL) => Promise<Response>,
): Promise<Response> {
  const started = Date.now();
  const url = new URL(request.url);
  const path = loggablePath(url.pathname);
  const context: LogContext = { requestId: request.headers.get("cf-ray") ?? crypto.randomUUID(), route: path };
  return withLogContext(context, () =>
    serve(url).then(
      (response) => {
        // An edge-cache hit is counted, not logged one by one (app/platform/edge/hits.server.ts).
        if (tallyIfHit(response, path)) return response;
        log.info("request", {
          method: request.method,
          path,
          status: response.status,
          durationMs: Date.now() - started,
        });
        return response;
      },
      (error: unknown) => {
        log.error("request", {
          method: request.method,
          path,
          status: 500,
          durationMs: Date.now() - started,
          error,
        });
        throw error;
      },
    ),
  );
}

/** The app's answer to one request: sockets, the local stand-ins, else the pages behind the edge cache. */
async function serve(
  request: Request<unknown, IncomingRequestCfProperties>,
  env: Env,
  ctx: ExecutionContext,
  url: URL,
): Promise<Response> {
  const nonce = newNonce();
  // Live-session and notification sockets (Durable Objects), before anything else reads the request.
  if (url.pathname.startsWith("/parties/")) {
    const socket = await routeSockets(request, env);
    if (socket) return socket;
  }
  // A calendar-feed or overlay key opens its page at one URL only (no trailing slash, query or `.data` variant).
  if (isInexactCalendarFeedRead(request.method, url) || isInexactOverlayRead(request.method, url)) {
    const notFound = new Response("Not found", {
      status: 404,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" },
    });
    return withSecurityHeaders(notFound, nonce, import.meta.env.DEV);
  }
  if (import.meta.env.MODE !== "production" && stripeStandInEnabled(env)) {
    const stripe = mountStripeStandIn(env, ctx, url.origin, handleFetch);
    if (url.pathname.startsWith(`${STRIPE_STAND_IN_BASE_PATH}/`)) {
      return withSecurityHeaders(await stripe(request), nonce, import.meta.env.DEV);
    }
  }
  // The local Discord/Google stand-in (development, tests and the browser-test build only, registered by
  // workers/dev-composition.ts). A production build (`vite build`, mode "production") folds this branch away and
  // registers no stand-in; at run time the setting still has to be on and the environment not production.
  if (
    import.meta.env.MODE !== "production" &&
    url.pathname.startsWith(`${STAND_IN_BASE_PATH}/`) &&
    standInEnabled(env)
  ) {
    return withSecurityHeaders(await standIn("oauth").handler(env)(request), nonce, import.meta.env.DEV);
  }
  // A page's state-changing request must come from the site's own pages (its Origin, else its Referer).
  const foreign = refusePageFromElsewhere(request, url.pathname, env);
  if (foreign) return withSecurityHeaders(foreign, nonce, import.meta.env.DEV);
  // A page's state-changing request must carry a readable form (a bodyless one becomes an empty form).
  const checked = await checkPageForm(request, url.pathname);
  if (checked instanceof Response) return withSecurityHeaders(checked, nonce, import.meta.env.DEV);
  const d1 = openD1Session(checked, env);
  const render = (pageNonce: string, pageRequest: Request) =>
    withAfterResponse(ctx, () =>
      requestHandler(
        pageRequest,
        new RouterContextProvider(
          new Map([[cloudflareContext, { env: d1.env, ctx, cf: request.cf, nonce: pageNonce }]]),
        ),
        url.pathname,
      ),
    );
  const response = d1.finish(
    await serveWithEdgeCache({
      request: checked,
      // Off under `npm run dev` (code changes must show at once); on in builds and tests that ask for it.
      env: import.meta.env.MODE === "development" ? withBinding(d1.env, "EDGE_CACHE", "off") : d1.env,
      ctx,
      // An anonymous visitor's prices depend only on their country's currency (docs/domain.md), their times only
      // on their zone (the tz cookie, else Cloudflare's; docs/decisions/019-viewer-time-zone.md); the build's
      // asset version keeps a new deploy from serving pages that point at the previous build's scripts.
      // Only a GET can be cached: other methods skip the zone check (an Intl.DateTimeFormat, ~0.3 ms a request).
      variant:
        checked.method === "GET"
          ? [
              await assetsVersion(),
              currencyCodeFor(viewerCountry(null, request.cf?.country)),
              requestViewerZone(checked, null, request.cf).zone,
            ].join("/")
          : "",
      variantCookies: [TIME_ZONE_COOKIE],
      nonce,
      newNonce,
      render,
    }),
  );
  // The page's own origin: the CSP names the other origins its forms may post to (a provider's sign-in page).
  const formActions = [...providerFormActionOrigins(env, url.origin), STRIPE_CHECKOUT_ORIGIN];
  return withSecurityHeaders(response, nonce, import.meta.env.DEV, formActions);
}

/**
 * Reads to its end a request body the app never read (a refusal answered before the body: a 415, 403 or 401 to a
 * POST). Under `npm run dev` and `vite preview` the Cloudflare Vite plugin relays each request to workerd while still
 * sending its body, and an answer that leaves before the body is taken turns into a 500 "fetch failed" (about one
 * such refusal in 40; an upstream bug of @cloudflare/vite-plugin 1.64). A production build skips it: Cloudflare's
 * edge has no such relay, and an unread body costs nothing there.
 */
async function drainUnreadBody(request: Request): Promise<void> {
  if (request.body === null || request.bodyUsed || request.body.locked) return;
  try {
    await request.body.pipeTo(new WritableStream());
  } catch {
    // The client went away: there is nobody left to answer.
  }
}

/** The Worker's fetch handler: one request, inside its log context. */
export async function handleFetch(
  request: Request<unknown, IncomingRequestCfProperties>,
  env: Env,
  ctx: ExecutionContext,
): Promise<Response> {
  const response = await servedRequest(request, (url) => serve(request, env, ctx, url));
  if (import.meta.env.MODE !== "production") await drainUnreadBody(request);
  return response;
}
