import { describe, expect, it } from "vitest";
import { ADMIN_DOORS, NOT_STAFF_DOORS } from "../admin/doors";
import { ROUTE_TABLE } from "../support/route-table";

/**
 * Every staff route of the route config (app/routes.ts and its areas) is in the role matrix's list (tests/admin/doors.ts): a page whose path starts
 * with admin/, and an API call whose path starts with admin/ or whose module lives under routes/api/admin/.
 * A new admin screen or call that is not listed fails here, so it cannot ship outside the matrix.
 */
function staffRoutes(): string[] {
  const found: string[] = [];
  for (const { path, file, api } of ROUTE_TABLE) {
    const bare = api ? path.slice("api/".length) : path;
    if (api && (bare.startsWith("admin/") || file.startsWith("routes/api/admin/"))) found.push(path);
    if (!api && path.startsWith("admin/")) found.push(path);
  }
  return [...new Set(found)];
}

describe("the role matrix covers every staff route", () => {
  it("lists each admin page and admin API call of app/routes.ts in tests/admin/doors.ts", () => {
    const listed = new Set([
      ...ADMIN_DOORS.map((d) => (d.kind === "api" ? `api/${d.path}` : d.path)),
      ...NOT_STAFF_DOORS,
    ]);
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !listed.has(r))).toEqual([]);
  });
});
