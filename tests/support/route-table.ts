import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";

/** One URL pattern of app/routes.ts, flattened out of its areas and layouts. */
export type RouteRow = {
  /** As configured, without the leading slash ("" for the home page); API routes keep their "api/" prefix. */
  path: string;
  /** The route module, relative to app/ ("routes/public/gig.tsx"). */
  file: string;
  /** Under /api (the JSON API), as opposed to a page or a JSON door outside it. */
  api: boolean;
};

function walk(entries: RouteConfigEntry[], into: RouteRow[]): RouteRow[] {
  for (const entry of entries) {
    if (entry.index || typeof entry.path === "string") {
      const path = entry.path ?? "";
      into.push({ path, file: entry.file, api: path === "api" || path.startsWith("api/") });
    }
    if (entry.children) walk(entry.children, into);
  }
  return into;
}

/** Every route of the app (the route config itself, so a route added to any area is seen by the sweeps). */
export const ROUTE_TABLE: readonly RouteRow[] = walk(routes, []);
