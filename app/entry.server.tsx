import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { ActionFunctionArgs, EntryContext, LoaderFunctionArgs, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import appCss from "./app.css?inline";
import { InlineCssProvider } from "./components/inline-css";
import { NonceProvider } from "./components/nonce";
import { isAppError } from "./lib/errors";
import { cloudflareContext } from "./platform/context";
import { scriptsAfterFirstPaint } from "./platform/edge/index.server";
import { log } from "./platform/log.server";

export const streamTimeout = 5_000;

/**
 * An error a loader or action threw that no code turned into an answer (docs/decisions/021-logging.md): logged once,
 * with the request's context. A thrown Response or an AppError below 500 is an answer, not a fault; an aborted
 * request's errors are the visitor leaving.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  if (isAppError(error) && error.status < 500) return;
  log.error("route.error", { method: request.method, error });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(cloudflareContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <InlineCssProvider value={import.meta.env.DEV ? "" : appCss}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineCssProvider>
    </NonceProvider>,
    {
      nonce,
      // A Suspense boundary whose content is ready when the shell is sent goes in place, whatever its size: by
      // default React sends a boundary hidden and moves it into place with an inline script once the page's bytes
      // pass 12.5 KB (here the inline stylesheet alone does), which would leave it blank without JavaScript and
      // paint it a frame late. The boundaries that never suspend are there so that React hydrates them each in a
      // pass of its own (app/routes/public/gig.tsx); only one still waiting on data streams in later.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) log.error("render.failed", { error });
      },
    },
  );
  shellRendered = true;
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Builds fetch the scripts after the first paint (docs/decisions/017-first-paint-and-render-cost.md); development
  // keeps React Router's own tags, which Vite's module reloading expects.
  const page = import.meta.env.DEV ? body : scriptsAfterFirstPaint(body, nonce);
  return new Response(page, { headers: responseHeaders, status: responseStatusCode });
}
