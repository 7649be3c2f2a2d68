import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routedHandlers, staticResourceRoutes } from "~/platform/edge/route-handlers.server";
import { postJson, request } from "./app";

type Route = ServerBuild["routes"][string];

type Module = NonNullable<Route>["module"];
const page = { default: () => null } as unknown as Module;
const api = { action: () => null } as unknown as Module;
const ErrorBoundary = () => null;
const apiWithBoundary = { action: () => null, ErrorBoundary } as unknown as Module;

function manifest(routes: Partial<NonNullable<Route>>[]): ServerBuild["routes"] {
  const entries = [{ id: "root", path: "", module: page }, ...routes].map((route) => [
    route.id,
    { parentId: route.id === "root" ? undefined : "root", ...route },
  ]);
  return Object.fromEntries(entries) as ServerBuild["routes"];
}

describe("API endpoints answered by a handler of their own route (app/platform/edge/route-handlers.server.ts)", () => {
  it("takes a resource route's path only when no other route could match it", () => {
    const routes = manifest([
      { id: "join", path: "api/join_regular", module: api },
      { id: "page", path: "browse", module: page },
      { id: "param", path: "api/gigs/:id", module: api },
      { id: "splat", path: "api/*", module: api },
      { id: "twin-a", path: "api/twin", module: api },
      { id: "twin-b", path: "api/TWIN", module: api },
      { id: "layout", path: "api/area", module: api },
      { id: "child", parentId: "layout", path: "list", module: api },
      { id: "indexed", path: "api/indexed", module: api },
      { id: "indexed-home", parentId: "indexed", index: true, module: api },
      { id: "boundary", path: "api/boundary", module: apiWithBoundary },
    ]);
    expect(Object.fromEntries(staticResourceRoutes(routes))).toEqual({
      "/api/join_regular": "join",
      "/api/area/list": "child",
    });
  });

  it("takes none when any route has an optional segment (it could stand for a static path)", () => {
    const routes = manifest([
      { id: "join", path: "api/join_regular", module: api },
      { id: "optional", path: "api/join_regular/:lane?", module: api },
    ]);
    expect(staticResourceRoutes(routes).size).toBe(0);
  });

  it("sends every other path to the whole build's handler", () => {
    const build = { routes: manifest([{ id: "join", path: "api/join_regular", module: api }]) } as ServerBuild;
    const full = async () => new Response("full");
    const routed = routedHandlers(build, "production", full);
    expect(routed("/browse")).toBe(full);
    expect(routed("/API/join_regular")).toBe(full);
    expect(routed("/api/join_regular/")).toBe(full);
    const own = routed("/api/join_regular");
    expect(own).not.toBe(full);
    expect(routed("/api/join_regular")).toBe(own);
  });

  it("answers through the app as before: the root middleware, the route's own checks, and other spellings", async () => {
    const anonymous = await postJson("/api/join_regular", { liveSessionId: "nope" });
    expect(anonymous.status).toBe(401);
    // Another spelling of the same path (React Router decodes it): the whole build's handler, same answer.
    const encoded = await postJson("/api/join%5Fregular", { liveSessionId: "nope" });
    expect(encoded.status).toBe(401);
    // A GET to a route without a loader: React Router's own 400, as the whole build's handler gives it.
    const read = await request("/api/join_regular");
    expect(read.status).toBe(400);
  });
});
