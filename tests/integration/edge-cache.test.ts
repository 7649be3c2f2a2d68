import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { placeOrder } from "~/features/booking/purchase.server";
import { setGigArchived } from "~/features/gigs/gigs.server";
import { cancelSlot } from "~/features/slots/slots.server";
import { markCatalogueChanged } from "~/platform/catalogue-version.server";
import { getDb } from "~/platform/db.server";
import { users } from "~db/schema";
import worker from "~workers/app";
import { type CatalogueWorld, createCatalogueWorld } from "../catalogue-world";
import { createSlot, createUser, creditWallet, setConfiguration, setUsdInrRate, viewerOf } from "../factories";
import { slotSeats } from "../support/gig-page";
import { parsePage } from "../support/page";
import { ORIGIN } from "./app";
import { visit } from "./edge-visit";

/**
 * The edge cache through the whole Worker (docs/decisions/012-edge-cache-and-read-replicas.md). The vitest config switches
 * the cache off for other test files; these requests switch it on.
 */
/** The seats-left badges of a gig page as served. */
const seatsOn = (html: string) => slotSeats(parsePage(html));
/** The page without its nonces (the rewriter that swaps them writes a re-set tag's `/>` as ` />`). */
const withoutNonces = (html: string) => html.replaceAll(/nonce="[^"]*"\s*/g, 'nonce=""');

let world: CatalogueWorld;
let fanCookie: string;
let streamerCookie: string;
beforeAll(async () => {
  world = await createCatalogueWorld(env.DB);
  await setUsdInrRate(env.DB, 84_000_000);
  await markCatalogueChanged(getDb(env)); // a version of this file's own
  fanCookie = (await createSession(env, world.fan.id)).split(";")[0] ?? "";
  streamerCookie = (await createSession(env, world.streamers.bella.id)).split(";")[0] ?? "";
});

describe("anonymous pages and public API answers come from the edge cache", () => {
  it("stores the first answer and serves the next from the cache, with a nonce of its own", async () => {
    const paths = [
      "/",
      "/browse?filter=gigs&sortBy=lowToHigh",
      `/gig/${world.gigs.gig3.id}`,
      `/star/${world.streamers.chen.id}`,
      `/game/${world.games.fortnite.id}`,
      "/contact-us",
      "/browse.data?filter=games",
      "/api/get/mostPopularProducts",
    ];
    for (const path of paths) {
      const first = await visit(path);
      expect(first.status, path).toBe(200);
      expect(first.edge, path).toBe("MISS");
      const second = await visit(path);
      expect(second.edge, path).toBe("HIT");
      expect(second.setCookie, path).toEqual([]);
      expect(withoutNonces(second.html), path).toBe(withoutNonces(first.html));
      if (path.includes(".data") || path.startsWith("/api")) continue;
      // Each answer has its own nonce (the one its CSP header names in production), on every script.
      const nonces = new Set([...second.html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
      expect(nonces.size, path).toBe(1);
      const [nonce] = nonces;
      expect(nonce, path).toBeTruthy();
      expect(first.html, path).not.toContain(`nonce="${nonce}"`);
    }
  });

  it("sends a hit gzip-compressed as stored when the request takes gzip, with the nonce its CSP names", async () => {
    const gzip = { acceptEncoding: "gzip, br" };
    const path = `/gig/${world.gigs.gig1.id}?compressed=1`;
    const miss = await visit(path, gzip);
    expect(miss).toMatchObject({ edge: "MISS", encoding: null });
    const hit = await visit(path, gzip);
    expect(hit).toMatchObject({ status: 200, edge: "HIT", encoding: "gzip", setCookie: [] });
    expect(withoutNonces(hit.html)).toBe(withoutNonces(miss.html));
    // One nonce, this answer's own (the one its CSP header names in production; tests run the development CSP).
    const nonces = new Set([...hit.html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
    expect(nonces.size).toBe(1);
    const [nonce] = nonces;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(miss.html).not.toContain(`nonce="${nonce}"`);
    const plain = await visit(path);
    expect(plain).toMatchObject({ edge: "HIT", encoding: null });
    expect(withoutNonces(plain.html)).toBe(withoutNonces(miss.html));
  });

  it("keys by the normalised query and by the visitor's currency", async () => {
    await visit("/browse?sortBy=highToLow&filter=gigs");
    expect((await visit("/browse?filter=gigs&sortBy=highToLow&utm_source=news")).edge).toBe("HIT");
    const inIndia = await visit("/browse?sortBy=highToLow&filter=gigs", { country: "IN" });
    expect(inIndia.edge).toBe("MISS");
    expect(inIndia.html).toContain("₹");
    expect((await visit("/browse?sortBy=highToLow&filter=gigs", { country: "IN" })).html).toContain("₹");
    expect((await visit("/browse?sortBy=highToLow&filter=gigs")).html).not.toContain("₹");
  });
});

describe("nobody's own data goes through the cache", () => {
  it("never serves a logged-in request from the cache", async () => {
    const path = `/gig/${world.gigs.gig2.id}`;
    await visit(path);
    expect((await visit(path)).edge).toBe("HIT");
    const member = await visit(path, { cookie: fanCookie });
    expect(member.edge).toBe("BYPASS");
    expect(member.html).toContain("Log out");
    const api = await visit("/api/get/mostPopularProducts", { authorization: "Bearer some-access-token" });
    expect(api.edge).toBe("BYPASS");
  });

  it("never stores a logged-in answer, so a visitor never sees another user's page", async () => {
    const path = `/star/${world.streamers.aarav.id}?from=member`;
    const member = await visit(path, { cookie: fanCookie });
    expect(member.edge).toBe("BYPASS");
    expect(member.html).toContain("Log out");
    const anonymous = await visit(path);
    expect(anonymous.edge).toBe("MISS");
    expect(anonymous.html).not.toContain("Log out");
    expect(anonymous.html).not.toContain(world.fan.id);
    const again = await visit(path);
    expect(again.edge).toBe("HIT");
    expect(again.html).not.toContain("Log out");
    expect(again.setCookie).toEqual([]);
  });

  it("steps aside while the site gate is on", async () => {
    const path = `/game/${world.games.valorant.id}`;
    await visit(path);
    expect((await visit(path)).edge).toBe("HIT");
    await setConfiguration(env.DB, "website_password_enabled", true);
    // Switching the gate is a write that changes what every page serves: it bumps the version too.
    await markCatalogueChanged(getDb(env), { reason: "site gate switched on" });
    try {
      const gated = await visit(path);
      expect(gated.edge).toBe("BYPASS");
    } finally {
      await setConfiguration(env.DB, "website_password_enabled", false);
      await markCatalogueChanged(getDb(env), { reason: "site gate switched off" });
    }
  });
});

describe("writes that change the catalogue make cached pages stale at once", () => {
  it("shows a star's new bio right after they save it (through the app's own API)", async () => {
    const path = `/star/${world.streamers.bella.id}`;
    await visit(path);
    expect((await visit(path)).edge).toBe("HIT");
    const ctx = createExecutionContext();
    const saved = await worker.fetch(
      new Request(`${ORIGIN}/api/update_user_bio`, {
        method: "POST",
        headers: { Cookie: streamerCookie, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ bio: "Now coaching on Sundays." }),
      }) as Request<unknown, IncomingRequestCfProperties>,
      { ...env, EDGE_CACHE: "on" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(saved.status).toBe(200);
    const after = await visit(path);
    expect(after.edge).toBe("MISS");
    expect(after.html).toContain("Now coaching on Sundays.");
  });

  it("stops showing a booked-out slot as free when a booking lands, and keeps pages without seats cached", async () => {
    const gig = world.gigs.gig1;
    const slot = await createSlot(env.DB, world.streamers.aarav.id, gig.id, new Date(Date.now() + 3 * 86_400_000), {
      seats: 1,
    });
    await markCatalogueChanged(getDb(env), { gigId: gig.id, reason: "slot added" });
    const path = `/gig/${gig.id}`;
    const browse = "/browse?filter=gigs&sortBy=highToLow";
    const game = `/game/${world.games.fortnite.id}`;
    expect(seatsOn((await visit(path)).html)).toContain("1 of 1 seat left");
    for (const page of [path, browse, game, "/contact-us"]) {
      await visit(page);
      expect((await visit(page)).edge, page).toBe("HIT");
    }

    // The fan pays from their wallet through the booking use case: one batch with the availability bump.
    const buyer = await createUser(env.DB);
    await creditWallet(env.DB, buyer.id, 5_000);
    const placed = await placeOrder(
      env,
      viewerOf(buyer),
      {
        slotId: slot.id,
        numberOfPlayers: 1,
        multipleGamerTags: ["Ace"],
        promoCode: undefined,
        paymentMethod: "wallet",
      },
      ORIGIN,
    );
    expect(placed.status).toBe("paid");
    const booked = await visit(path);
    expect(booked.edge).toBe("MISS");
    expect(seatsOn(booked.html)).not.toContain("1 of 1 seat left");
    expect(seatsOn(booked.html)).toContain("Full");
    // Seats show only on /, the gig and star pages: a booking does not empty the rest of the cache.
    for (const page of [browse, game, "/contact-us"]) expect((await visit(page)).edge, page).toBe("HIT");
  });

  it("stops showing a cancelled slot and an archived gig (the streamer's own use cases)", async () => {
    const gig = world.gigs.gig6;
    const streamer = viewerOf(
      (await getDb(env).select().from(users).where(eq(users.id, world.streamers.dana.id)).get()) ?? expect.fail(),
    );
    const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + 5 * 86_400_000), { seats: 2 });
    await markCatalogueChanged(getDb(env), { gigId: gig.id, reason: "slot added" });
    const path = `/gig/${gig.id}`;
    expect(seatsOn((await visit(path)).html)).toContain("2 of 2 seats left");
    expect((await visit(path)).edge).toBe("HIT");

    await cancelSlot(env, streamer, slot.id);
    expect(seatsOn((await visit(path)).html)).not.toContain("2 of 2 seats left");

    const browse = "/browse?filter=gigs&sortBy=lowToHigh";
    await visit(browse);
    expect((await visit(browse)).edge).toBe("HIT");
    expect((await visit(browse)).html).toContain(`/gig/${gig.id}`);
    await setGigArchived(env, streamer, gig.id, true);
    const after = await visit(browse);
    expect(after.edge).toBe("MISS");
    expect(after.html).not.toContain(`/gig/${gig.id}`);
    expect((await visit(path)).status).toBe(404);
  });
});
