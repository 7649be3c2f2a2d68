import { Suspense, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { getViewer } from "~/features/auth/index.server";
import { FALLBACK_TIME_ZONE, TimeZoneHint, ViewerZoneProvider } from "~/features/time";
import { siteGateRefusal } from "~/routes/_lib/site-gate.server";
import type { Route } from "./+types/root";
import appCssHref from "./app.css?url";
import { ErrorPage, NotFoundPage } from "./components/error-page";
import { Footer } from "./components/footer";
import { Header } from "./components/header";
import { InlineCss } from "./components/inline-css";
import { useNonce } from "./components/nonce";
import { Toaster } from "./components/toaster";
import { COPY } from "./lib/copy";
import { liveDashboardPath } from "./lib/paths.server";
import { useHydrated } from "./lib/ui/use-hydrated";
import { cloudflareContext } from "./platform/context";
import { takeToast } from "./platform/toast.server";
import { viewerZone } from "./routes/_lib/viewer-zone.server";

export const meta: Route.MetaFunction = () => [
  { title: "Noobrd: play games with your favourite streamers" },
  {
    name: "description",
    content: "Book paid game sessions with streamers and creators, or join their live queues.",
  },
];

/**
 * Development only: the stylesheet as a link, so Vite reloads styles as code changes. Builds inline it instead
 * (entry.server.tsx); importing it here as a plain `import "./app.css"` would also make React Router preload it
 * again on the first client-side navigation.
 */
export const links: Route.LinksFunction = () =>
  import.meta.env.DEV && appCssHref ? [{ rel: "stylesheet", href: appCssHref }] : [];

/** The site gate (docs/domain.md) runs before every loader and action, API included. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const refusal = await siteGateRefusal(request, context.get(cloudflareContext).env);
    if (!refusal) return next();
    if ("redirect" in refusal) throw redirect(refusal.redirect);
    return refusal.response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const [{ toast, clear }, viewer, timeZone] = await Promise.all([
    takeToast(request, env),
    getViewer(request, env),
    viewerZone(request, context),
  ]);
  // The header's link to the live session's queue dashboard, built here (app/lib/paths.server.ts), not in the shell.
  const signedIn = viewer && {
    ...viewer,
    liveDashboard: viewer.liveSessionId ? liveDashboardPath(viewer.liveSessionId) : null,
  };
  return data({ toast, viewer: signedIn, timeZone }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const hydrated = useHydrated();
  // A route with `handle = { bare: true }` (the stream overlays) renders alone on a transparent page: no header,
  // footer or toasts.
  const bare = useMatches().some((match) => (match.handle as { bare?: boolean } | undefined)?.bare === true);
  return (
    <html lang="en" data-bare={bare ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Before anything else: a first visit in another zone than the server guessed reloads at once. */}
        {rootData ? <TimeZoneHint viewer={rootData.timeZone} nonce={nonce} /> : null}
        <Meta />
        {/* The stylesheet is inline in builds (components/inline-css.tsx; empty in development), a link in
            development (links() below), with the request's nonce on the client too (read from the page's scripts,
            components/nonce.tsx): React compares the element's nonce while hydrating. */}
        <InlineCss />
        <Links nonce={nonce} />
      </head>
      <body className={bare ? undefined : "flex min-h-screen flex-col"}>
        {/* The header and footer hydrate in passes of their own (Suspense boundaries that never suspend), not in
            one long task with the page. */}
        {bare ? null : (
          <Suspense>
            <Header viewer={rootData?.viewer ?? null} />
          </Suspense>
        )}
        {bare ? null : <Toaster toast={rootData?.toast ?? null} />}
        {/* data-url: the URL this render shows. The address bar changes before React commits a client navigation,
            so browser tests wait for this (tests/e2e/browser.ts, `rendered`) rather than for the URL alone.
            data-hydrated: React runs the page (browser tests wait for it before reading the console). */}
        <div
          className="flex-1"
          data-url={`${location.pathname}${location.search}`}
          data-hydrated={hydrated ? "" : undefined}
        >
          {/* Every time on the page in the zone the server resolved (docs/decisions/019-viewer-time-zone.md). */}
          <ViewerZoneProvider value={rootData?.timeZone.zone ?? FALLBACK_TIME_ZONE}>{children}</ViewerZoneProvider>
        </div>
        {bare ? null : (
          <Suspense>
            <Footer />
          </Suspense>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** A deploy can remove the chunks an open tab still points at; reloading fetches the new ones (docs/domain.md). */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  useEffect(() => {
    if (isChunkLoadError(error)) window.location.reload();
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage />;
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    // A refusal says what the viewer cannot do (its message, e.g. the staff role's, app/features/access/capabilities.ts)
    // and where to go instead: staff back to their dashboard, everyone else home.
    const staffArea = location.pathname.startsWith("/admin");
    return (
      <ErrorPage
        status={403}
        title="You can't open this page"
        detail={typeof error.data === "string" && error.data ? error.data : "Your account does not have access to it."}
        ways={
          staffArea
            ? [
                { to: "/admin/dashboard", label: "Back to the staff dashboard" },
                { to: "/", label: "Go home" },
              ]
            : undefined
        }
      />
    );
  }
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={error.status} title={error.statusText || "Something went wrong"} detail={COPY.generic} />;
  }
  return <ErrorPage status={500} title="Something went wrong" detail={COPY.generic} />;
}
