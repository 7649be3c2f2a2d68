import { createRequestHandler, type ServerBuild } from "react-router";

type Handler = ReturnType<typeof createRequestHandler>;
type Manifest = ServerBuild["routes"];

/**
 * The paths answered by exactly one resource route (an API endpoint: a module without a component or an error
 * boundary) whose path has no parameter, optional segment or splat, and that no other route shares (an index or
 * layout route at the same path, or any route with an optional segment, which could stand for it): path -> route id.
 * For such a path React Router's own matching can only pick that route, so a handler built with that route and its
 * parents answers it exactly as the whole build would.
 */
export function staticResourceRoutes(routes: Manifest): Map<string, string> {
  const entries = Object.values(routes).filter((route) => route !== undefined);
  const parents = new Set(entries.map((route) => route.parentId));
  const fullPath = (id: string): string => {
    const segments: string[] = [];
    for (let at: string | undefined = id; at; at = routes[at]?.parentId) {
      const path = routes[at]?.path;
      if (path) segments.unshift(path.replace(/^\/+|\/+$/g, ""));
    }
    return `/${segments.filter(Boolean).join("/")}`;
  };
  // Any optional segment anywhere could expand to a static path: then no path is taken as unique.
  if (entries.some((route) => route.path?.includes("?"))) return new Map();
  const routesAt = new Map<string, number>();
  for (const route of entries) {
    // React Router matches case-insensitively: "/API/x" and "/api/x" would compete.
    const path = fullPath(route.id).toLowerCase();
    routesAt.set(path, (routesAt.get(path) ?? 0) + 1);
  }
  const found = new Map<string, string>();
  for (const route of entries) {
    const path = fullPath(route.id);
    const module = route.module as { default?: unknown; ErrorBoundary?: unknown };
    if (route.index || !route.path || parents.has(route.id)) continue;
    if (module.default !== undefined || module.ErrorBoundary !== undefined) continue;
    if (/[:*?]/.test(path) || routesAt.get(path.toLowerCase()) !== 1) continue;
    found.set(path, route.id);
  }
  return found;
}

/**
 * React Router matches a request's path against every branch of the route tree in rank order, twice per request
 * (~290 branches in this app, ~1.3 µs each; /api/join_regular is the 249th: ~0.7 ms of CPU per API call). A request
 * whose path is exactly one of `staticResourceRoutes` gets a handler built with that route and its parents only
 * (the root middleware included), made once, so it matches in one branch. Every other request (pages, paths with
 * parameters, other spellings of a path, which React Router may still match case-insensitively or decoded) goes
 * to `full`, the whole build's handler, as before.
 */
export function routedHandlers(build: ServerBuild, mode: string, full: Handler = createRequestHandler(build, mode)) {
  const resources = staticResourceRoutes(build.routes);
  const handlers = new Map<string, Handler>();
  return (pathname: string): Handler => {
    const id = resources.get(pathname);
    if (id === undefined) return full;
    let handler = handlers.get(id);
    if (!handler) {
      const routes: Manifest = {};
      for (let at: string | undefined = id; at; at = build.routes[at]?.parentId) routes[at] = build.routes[at];
      handler = createRequestHandler({ ...build, routes }, mode);
      handlers.set(id, handler);
    }
    return handler;
  };
}
