import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import {
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
  setUsdInrRate,
} from "../factories";
import { ROUTE_TABLE } from "../support/route-table";
import { request } from "./app";

/**
 * Every /api route of the route config (app/routes.ts and its areas), as a streamer and as staff, with bad query strings (limits out of range,
 * non-numbers, empty and huge values, NUL bytes) and bad bodies (control characters, over-long and wrong-typed
 * fields, not JSON at all): a 4xx with a message or a 2xx, never a 5xx. Logout and token-revoking calls are left out
 * (they end the session the other calls use).
 */

const SKIP = /logout|generate-new-token|refresh-token|stripe$|delete|remove|ban-user|unban/;
const API_PATHS = [...new Set(ROUTE_TABLE.filter((row) => row.api).map((row) => `/${row.path}`))].filter(
  (path) => !SKIP.test(path),
);

/** The pages (UI routes) with an action or loader, posted plain forms the way a browser without JavaScript would. */
const PAGE_PATHS = [
  ...new Set(ROUTE_TABLE.filter((row) => !row.api && row.path !== "").map((row) => `/${row.path}`)),
].filter((path) => !/logout|__stand-in|dev\//.test(path));

const NUL = "\u0000";
const BAD_QUERIES = [
  "page=abc&limit=abc",
  "limit=100000&page=0",
  "page=-1",
  `limit=${"9".repeat(300)}`,
  `q=${NUL}x`,
  "sort=%FF",
];
const BAD_BODIES: unknown[] = [
  { page: "abc", limit: -1, id: 12, ids: "x", title: `${NUL}t`, product_title: `${NUL}t`, price: "1e400", email: 5 },
  { reportIds: Array.from({ length: 1000 }, (_, i) => `r${i}`), orderIdArray: [NUL], payoutIds: [""], banIds: null },
  { title: "x".repeat(100_000), streamerName: `${NUL}`, lobbyCode: `${NUL}code`, slotId: NUL, liveSessionId: [] },
  [1, 2, 3],
  "just a string",
];

async function as(role: "streamer" | "admin") {
  const user = role === "admin" ? await createUser(env.DB, { role: "admin" }) : await createStreamer(env.DB);
  return (await createSession(env, user.id)).split(";")[0] ?? "";
}

describe("every /api route answers bad input with a 4xx, never a 5xx", () => {
  it("as a streamer and as staff", async () => {
    expect(API_PATHS.length).toBeGreaterThan(100);
    const streamer = await createStreamer(env.DB);
    const platform = await createPlatform(env.DB, "pc");
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    const gig = await createGig(env.DB, streamer.id, game);
    const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + 86_400_000));
    const ids = [streamer.id, gig.id, slot.id, "nope", `x${NUL}`];
    // A stored rate, so the conversion call answers from it (without one it says 503: the provider is unreachable).
    await setUsdInrRate(env.DB, 84_000_000);
    const failures: string[] = [];
    for (const role of ["streamer", "admin"] as const) {
      const cookie = await as(role);
      for (const [n, template] of API_PATHS.entries()) {
        const path = template.replace(/:[A-Za-z_]+\??/g, () => encodeURIComponent(ids[n % ids.length] as string));
        const calls: RequestInit[] = [
          ...BAD_QUERIES.map(() => ({ method: "GET" })),
          ...BAD_BODIES.map((body) => ({
            method: "POST",
            body: typeof body === "string" ? body : JSON.stringify(body),
            headers: { "Content-Type": "application/json" },
          })),
          { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } },
        ];
        for (const [i, init] of calls.entries()) {
          const query = init.method === "GET" ? `?${BAD_QUERIES[i]}` : "";
          const response = await request(`${path}${query}`, {
            ...init,
            headers: { ...(init.headers as Record<string, string>), Cookie: cookie, Origin: "http://localhost" },
          });
          if (response.status >= 500)
            failures.push(`${role} ${init.method} ${path}${query.slice(0, 30)} -> ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it("every page takes a bad query string and a bad form post", async () => {
    expect(PAGE_PATHS.length).toBeGreaterThan(50);
    const streamer = await createStreamer(env.DB);
    const ids = [streamer.id, "nope", `x${NUL}`];
    const failures: string[] = [];
    const form = new URLSearchParams({
      intent: `${NUL}x`,
      id: NUL,
      page: "abc",
      title: "x".repeat(20_000),
      product_title: `${NUL}t`,
      price: "1e400",
      email: NUL,
      payoutIds: NUL,
      lobbyCode: `${NUL}c`,
    });
    for (const role of ["streamer", "admin"] as const) {
      const cookie = await as(role);
      for (const [n, template] of PAGE_PATHS.entries()) {
        const path = template.replace(/:[A-Za-z_]+\??/g, () => encodeURIComponent(ids[n % ids.length] as string));
        const got = await request(`${path}?page=abc&limit=-1&filter=%00&tab=${"x".repeat(500)}`, {
          headers: { Cookie: cookie },
        });
        if (got.status >= 500) failures.push(`${role} GET ${path} -> ${got.status}`);
        const posted = await request(path, {
          method: "POST",
          body: form,
          headers: { Cookie: cookie, Origin: "http://localhost" },
        });
        if (posted.status >= 500) failures.push(`${role} POST ${path} -> ${posted.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
