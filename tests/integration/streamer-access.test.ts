import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { STREAMER_PROFILE_COPY } from "~/features/streamer/copy";
import { createBooking, createGig, createSlot } from "../factories";
import { request } from "./app";
import { loggedInUser } from "./session";
import { loggedInFan, streamerWithGame } from "./streamer-world";

const ORIGIN = "http://localhost";

type World = {
  owner: Awaited<ReturnType<typeof streamerWithGame>>;
  gigId: string;
  slotId: string;
};
let w: World;

beforeAll(async () => {
  const owner = await streamerWithGame();
  const gig = await createGig(env.DB, owner.streamer.id, owner.game);
  const slot = await createSlot(env.DB, owner.streamer.id, gig.id, new Date(Date.now() + 4 * 86_400_000));
  const { fan } = await loggedInFan();
  await createBooking(env.DB, { id: slot.id, influencerId: owner.streamer.id }, fan.id, "confirmed");
  w = { owner, gigId: gig.id, slotId: slot.id };
});

const gigBody = () =>
  JSON.stringify({
    product_title: "Hijacked",
    _game_id: w.owner.game.id,
    _game_mode_id: w.owner.game.modeId,
    _platform_playing_on_id: w.owner.platformId,
    price: "10",
  });

/** Every streamer-only call of docs/domain.md this issue serves, on the OWNER's ids. */
const calls: { name: string; method: "GET" | "POST"; path: () => string; body?: () => string }[] = [
  { name: "influencer profile", method: "GET", path: () => `/api/get/influencer/${w.owner.streamer.id}` },
  { name: "products", method: "GET", path: () => `/api/get/products/${w.owner.streamer.id}` },
  { name: "paginated products", method: "GET", path: () => `/api/get/paginatedproducts/${w.owner.streamer.id}` },
  { name: "product", method: "GET", path: () => `/api/get/product/${w.gigId}` },
  {
    name: "inactive gigs",
    method: "GET",
    path: () => `/api/get/influencer/inactive-gigs/${w.owner.streamer.id}?filter=`,
  },
  { name: "update product", method: "POST", path: () => `/api/influencer/update/product/${w.gigId}`, body: gigBody },
  { name: "archive gig", method: "POST", path: () => `/api/post/influencer/archive-gig/${w.gigId}` },
  { name: "unarchive gig", method: "POST", path: () => `/api/post/influencer/unarchive-gig/${w.gigId}` },
  { name: "delete product", method: "POST", path: () => `/api/influencer/delete/product/${w.gigId}` },
  { name: "slots of influencer", method: "GET", path: () => `/api/get/slots/influencer/${w.owner.streamer.id}` },
  {
    name: "present/future slots",
    method: "GET",
    path: () => `/api/get/present_future/slots/influencer/${w.owner.streamer.id}?limit=5`,
  },
  {
    name: "last seven and future slots",
    method: "GET",
    path: () => `/api/get/last_seven_and_present_future/slots/influencer/${w.owner.streamer.id}`,
  },
  {
    name: "month slots",
    method: "GET",
    path: () => `/api/get/monthvise/slots/influencer/${w.owner.streamer.id}/1/2027`,
  },
  { name: "slot with buyers", method: "GET", path: () => `/api/get/slot/${w.slotId}?page=1` },
  {
    name: "add slots to the owner's gig",
    method: "POST",
    path: () => "/api/post/influencer/slots/add",
    body: () => JSON.stringify({ productId: w.gigId, date: "2030-01-01", startTime: "10:00" }),
  },
  { name: "lobby code details", method: "GET", path: () => `/api/streamer/lobby-code-details?slotId=${w.slotId}` },
  { name: "orders", method: "GET", path: () => `/api/get/orders/influencer/${w.owner.streamer.id}` },
  {
    name: "paginated orders",
    method: "GET",
    path: () => `/api/get/orders/paginated/influencer/${w.owner.streamer.id}?page=1`,
  },
  { name: "total earnings", method: "GET", path: () => `/api/get/influencer/total-earnings/${w.owner.streamer.id}` },
  {
    name: "paginated earnings",
    method: "GET",
    path: () => `/api/get/influencer/paginated-earnings/${w.owner.streamer.id}?days=30`,
  },
  { name: "payout history", method: "GET", path: () => `/api/get/influencer/payout-history/${w.owner.streamer.id}` },
  { name: "promo codes", method: "GET", path: () => `/api/streamer/get-promocode/${w.owner.streamer.id}` },
];

async function call(c: (typeof calls)[number], cookie?: string) {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  if (c.body) headers["Content-Type"] = "application/json";
  return request(c.path(), { method: c.method, headers, body: c.method === "POST" ? (c.body?.() ?? "{}") : undefined });
}

describe("another streamer's gigs, slots, orders and earnings are refused on every call", () => {
  it.each(calls.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const intruder = await streamerWithGame();
    const fan = await loggedInFan();
    const anonymous = await call(c);
    expect(anonymous.status).toBe(401);
    for (const cookie of [intruder.cookie, fan.cookie]) {
      const refused = await call(c, cookie);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ success: false });
    }
  });

  it("the owner is served by every read call", async () => {
    for (const c of calls.filter((c) => c.method === "GET")) {
      const response = await call(c, w.owner.cookie);
      expect({ name: c.name, status: response.status }).toEqual({ name: c.name, status: 200 });
    }
  });

  it("finance staff may read earnings and orders, but never write a streamer's gigs", async () => {
    const finance = await loggedInUser({ role: "finance" });
    const earnings = calls.find((c) => c.name === "total earnings");
    const update = calls.find((c) => c.name === "update product");
    if (!earnings || !update) throw new Error("missing calls");
    expect((await call(earnings, finance.cookie)).status).toBe(200);
    expect((await call(update, finance.cookie)).status).toBe(403);
  });

  it("streamer pages send everyone else to /", async () => {
    const fan = await loggedInFan();
    for (const path of [
      "/influencer/products",
      "/influencer/calendar-dashboard",
      "/influencer/profile",
      "/influencer/onboarding",
    ]) {
      const response = await request(path, { headers: { Cookie: fan.cookie } });
      expect({ path, status: response.status, location: response.headers.get("Location") }).toEqual({
        path,
        status: 302,
        location: "/",
      });
    }
  });
});

describe("the influencer profile", () => {
  it("updates full name, bio and profession, says 'Bio updated successfully' and stays on /influencer/profile", async () => {
    const posted = await request("/influencer/profile", {
      method: "POST",
      body: new URLSearchParams({
        intent: "profile",
        fullName: "Renamed Star",
        bio: "I play ranked.",
        profession: "Coach",
      }),
      headers: { Cookie: w.owner.cookie, Origin: ORIGIN },
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/influencer/profile");
    const api = await request(`/api/get/influencer/${w.owner.streamer.id}`, { headers: { Cookie: w.owner.cookie } });
    expect(await api.json()).toMatchObject({
      influencer: { fullName: "Renamed Star", bio: "I play ranked.", profession: "Coach" },
    });
    const viaApi = await request("/api/influencer/profile/update", {
      method: "POST",
      body: JSON.stringify({ fullName: "Api Star", bio: "", profession: "Streamer" }),
      headers: { Cookie: w.owner.cookie, Origin: ORIGIN, "Content-Type": "application/json" },
    });
    expect(await viaApi.json()).toMatchObject({ success: true, message: STREAMER_PROFILE_COPY.bioUpdated });
    const suggested = await request("/api/suggeststar", {
      method: "POST",
      body: JSON.stringify({ starName: "Famous Streamer" }),
      headers: { Cookie: w.owner.cookie, Origin: ORIGIN, "Content-Type": "application/json" },
    });
    expect(suggested.status).toBe(200);
    const row = await env.DB.prepare("SELECT star_name FROM star_suggestions WHERE user_id = ?")
      .bind(w.owner.streamer.id)
      .first<{ star_name: string }>();
    expect(row?.star_name).toBe("Famous Streamer");
  });
});
