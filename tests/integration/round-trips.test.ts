import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import worker from "~workers/app";
import { type CatalogueWorld, createCatalogueWorld } from "../catalogue-world";
import { setUsdInrRate } from "../factories";
import { ORIGIN } from "./app";

/**
 * A D1 binding that counts round trips: every statement run on its own (all, first, run, raw) and every
 * batch is one trip to the database.
 */
function countingD1(db: D1Database) {
  const counter = { trips: 0 };
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (property === "all" || property === "first" || property === "run" || property === "raw") {
          return (...args: unknown[]) => {
            counter.trips += 1;
            return (target[property] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  // The Worker runs each request's queries in a D1 session (app/platform/d1-session.server.ts): count those too.
  const counted = <T extends D1Database | D1DatabaseSession>(target: T, property: string | symbol) => {
    // Tracking events are written off the response path (ctx.waitUntil, app/features/tracking), and the edge state
    // (catalogue version and site-gate switch) is read at most once a second per isolate, not per page: neither is
    // the page's trips. The gate's own configuration read is only made while the gate is on.
    if (property === "prepare") {
      return (query: string) =>
        /^insert into "analytics_events"|"cache_versions" WHERE scope = 'catalogue'\) AS version/i.test(query)
          ? target.prepare(query)
          : wrap(target.prepare(query));
    }
    if (property === "batch") {
      return (statements: D1PreparedStatement[]) => {
        counter.trips += 1;
        return target.batch(statements.map((statement) => real.get(statement) ?? statement));
      };
    }
    return undefined;
  };
  const binding = new Proxy(db, {
    get(target, property) {
      const own = counted(target, property);
      if (own) return own;
      if (property === "withSession") {
        return (constraint?: string) =>
          new Proxy(target.withSession(constraint), {
            get(session, name) {
              const value = counted(session, name) ?? Reflect.get(session, name, session);
              return typeof value === "function" && !counted(session, name) ? value.bind(session) : value;
            },
          });
      }
      if (property === "exec") {
        return (query: string) => {
          counter.trips += 1;
          return target.exec(query);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { binding, counter };
}

async function tripsFor(path: string, cookie?: string) {
  const { binding, counter } = countingD1(env.DB);
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} }) as Request<
      unknown,
      IncomingRequestCfProperties
    >,
    { ...env, DB: binding },
    ctx,
  );
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, trips: counter.trips, html };
}

let world: CatalogueWorld;
let cookie: string;
beforeAll(async () => {
  world = await createCatalogueWorld(env.DB);
  await setUsdInrRate(env.DB, 84_000_000);
  cookie = (await createSession(env, world.fan.id)).split(";")[0] ?? "";
});

describe("D1 round trips per page (budget: 3 for a browse page)", () => {
  const pages = () => [
    "/browse",
    `/browse?filter=gigs&sortBy=highToLow&platform=pc&country=US&selectedTags=ranked&searchField=zero&selectedGame=${world.games.fortnite.id}`,
    "/browse?filter=creators&sortBy=alphabetically&profession=Coach",
    "/browse?filter=games&platform=ios",
    "/browse?filter=live&sortBy=lowToHigh",
    "/browse?isFavClicked=true",
    "/",
    `/gig/${world.gigs.gig3.id}`,
    `/star/${world.streamers.chen.id}?pastPage=2`,
    `/game/${world.games.fortnite.id}`,
  ];

  it("stays within three round trips, the session lookup shared by the root and the page", async () => {
    for (const path of pages()) {
      const visitor = path.includes("isFavClicked") ? null : await tripsFor(path);
      const member = await tripsFor(path, cookie);
      expect(member.status, path).toBe(200);
      expect(member.html, path).toContain("Log out");
      expect(member.trips, path).toBeLessThanOrEqual(3);
      if (visitor) {
        expect(visitor.status, path).toBe(200);
        // The page's one batch: no read of the site gate's configuration per request.
        expect(visitor.trips, path).toBe(1);
        // Logged in costs exactly one more trip (the session), however many loaders ask for the viewer.
        expect(member.trips - visitor.trips, path).toBe(1);
      }
    }
  });
});
