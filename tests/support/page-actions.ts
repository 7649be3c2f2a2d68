import { ROUTE_TABLE } from "./route-table";

/** Every route module's source, by its path under the project root. */
export const ROUTE_MODULES = import.meta.glob<string>("/app/routes/**/*.{ts,tsx}", {
  query: "?raw",
  import: "default",
  eager: true,
});

const ACTION_EXPORT = /export\s+(?:async\s+)?(?:function\s+action\b|const\s+action\b)/;

/**
 * One concrete URL per page route (outside /api) whose module exports an action, from the route config itself, so
 * a page added later is swept by the tests that walk them (page-bodies, page-origin).
 */
export const PAGES_WITH_ACTIONS = ROUTE_TABLE.filter((row) => !row.api)
  .filter((row) => ACTION_EXPORT.test(ROUTE_MODULES[`/app/${row.file}`] ?? ""))
  .map((row) => `/${row.path.replace(/:\w+/g, "x1").replace(/\*$/, "x")}`);
