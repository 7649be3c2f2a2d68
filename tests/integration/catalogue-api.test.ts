import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { type CatalogueWorld, createCatalogueWorld } from "../catalogue-world";
import { setUsdInrRate } from "../factories";
import { request } from "./app";

let world: CatalogueWorld;
beforeAll(async () => {
  world = await createCatalogueWorld(env.DB);
  await setUsdInrRate(env.DB, 84_000_000);
});

type Json = Record<string, unknown> & { data: Record<string, unknown>[] };

async function getJson(path: string, headers: HeadersInit = {}) {
  const response = await request(path, { headers });
  return { status: response.status, body: (await response.json()) as Json };
}

const titles = (body: Json) => body.data.map((gig) => gig.product_title);

describe("GET /api/get/GigsForScroll and PaginatedGigs", () => {
  it("answers the API's field names and USD minor prices, with the display price", async () => {
    const { status, body } = await getJson("/api/get/GigsForScroll?limit=2");
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, page: 1, limit: 2, hasMore: true });
    expect(body.data[0]).toMatchObject({
      _id: world.gigs.gig2.id,
      product_title: "Zero build ranked",
      _game_id: world.games.fortnite.id,
      _platform_playing_on_id: world.platforms.pc.id,
      price: 2500,
      currency: "USD",
      displayPrice: { currency: "USD", formatted: "$25" },
      session_tags: [{ name: "ranked" }],
      influencer: { _id: world.streamers.bella.id, fullName: "Bella Frags", isLive: false },
      isFavorite: false,
    });
  });

  it("takes every filter of docs/domain.md, 'Any' meaning no filter", async () => {
    const base =
      "/api/get/GigsForScroll?country=Any&profession=Any&platform=Any&isLiveClicked=false&isFavClicked=false";
    expect(titles((await getJson(base)).body)).toHaveLength(7);
    const filtered = await getJson(
      `/api/get/GigsForScroll?selectedGame=${world.games.valorant.id}&sortBy=highToLow&selectedTags=ranked`,
    );
    expect(titles(filtered.body)).toEqual(["Valorant aim coaching"]);
    expect(titles((await getJson("/api/get/GigsForScroll?isLiveClicked=true")).body)).toEqual([
      "Build fights with Aarav",
    ]);
    expect(titles((await getJson("/api/get/GigsForScroll?searchField=mobile")).body)).toEqual(["Mobile Fortnite duos"]);
  });

  it("counts pages for PaginatedGigs", async () => {
    const { body } = await getJson("/api/get/PaginatedGigs?limit=3&page=2&sortBy=alphabetically");
    expect(body).toMatchObject({ total: 7, totalPages: 3, page: 2, hasMore: true });
    expect(titles(body)).toEqual(["Speed chess blitz", "Unrated Valorant fun", "Valorant aim coaching"]);
  });

  it("converts the display price for a viewer in India", async () => {
    const response = await request("/api/get/GigsForScroll?limit=1", { cf: { country: "IN" } } as RequestInit);
    const body = (await response.json()) as Json;
    // The price as set ($25) and what this viewer sees and would pay: ₹2,100, converted.
    expect(body.data[0]?.displayPrice).toEqual({
      currency: "INR",
      amount: 210_000,
      formatted: "₹2,100",
      converted: true,
    });
    expect(body.data[0]?.price).toBe(2500);
    expect(body.data[0]?.currency).toBe("USD");
  });

  it("refuses bad input with 400 and a message", async () => {
    for (const query of [
      "sortBy=cheap",
      "page=-1",
      "limit=500",
      "country=USA",
      "profession=Wizard",
      "isLiveClicked=maybe",
    ]) {
      const { status, body } = await getJson(`/api/get/GigsForScroll?${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toEqual(expect.any(String));
    }
    expect((await getJson("/api/get/GigsForScroll?isFavClicked=true")).status).toBe(401);
  });
});

describe("games and creators", () => {
  it("GamesForScroll and paginatedGames", async () => {
    const { body } = await getJson("/api/get/GamesForScroll?sortBy=alphabetically&platform=pc");
    expect(body.data.map((game) => game.name)).toEqual(["Chess Arena", "Fortnite", "Valorant"]);
    expect(body.data[0]).toMatchObject({
      _id: world.games.chess.id,
      desc: "Board game classics",
      image: { url: null },
    });
    const paged = await getJson("/api/get/paginatedGames?limit=1");
    expect(paged.body).toMatchObject({ total: 3, totalPages: 3, hasMore: true });
    expect((await getJson("/api/get/GamesForScroll?sortBy=lowToHigh")).status).toBe(400);
  });

  it("CreatorsForScroll, PaginatedStars and influencers", async () => {
    const { body } = await getJson("/api/get/CreatorsForScroll?profession=Coach");
    expect(body.data).toEqual([
      expect.objectContaining({
        _id: world.streamers.chen.id,
        fullName: "Chen Coach",
        profession: "Coach",
        isLive: false,
      }),
    ]);
    expect((await getJson("/api/get/PaginatedStars?country=US")).body).toMatchObject({ total: 2 });
    expect((await getJson("/api/get/influencers")).body.data).toHaveLength(4);
  });

  it("a game with modes and platforms, its modes, one mode, all platforms, all games", async () => {
    const game = await getJson(`/api/get/game/${world.games.chess.id}`);
    expect(game.body.data).toMatchObject({
      name: "Chess Arena",
      modes: [{ _id: world.games.chess.modeId, name: "Blitz", duration: 30, no_of_players: 1 }],
      platforms_available: [
        { _id: world.platforms.pc.id, platform_name: "PC" },
        { _id: world.platforms.ios.id, platform_name: "iOS" },
      ],
    });
    expect((await getJson("/api/get/game/nope")).status).toBe(404);
    expect((await getJson(`/api/get/game-modes/${world.games.chess.id}`)).body.data).toHaveLength(1);
    expect((await getJson(`/api/get/gamemode/${world.games.chess.modeId}`)).body.data).toMatchObject({
      name: "Blitz",
      _game_id: world.games.chess.id,
    });
    expect((await getJson("/api/get/gamemode/nope")).status).toBe(404);
    expect((await getJson("/api/get/platforms")).body.data.map((p) => p.platform_name)).toEqual([
      "PlayStation",
      "XBOX",
      "PC",
      "Android",
      "iOS",
    ]);
    expect((await getJson("/api/get/admin/games")).body.data.map((g) => g.name)).toEqual([
      "Chess Arena",
      "Fortnite",
      "Valorant",
    ]);
  });
});

describe("landing lists", () => {
  it("banners, landing games, most popular stars and products, upcoming sessions", async () => {
    expect((await getJson("/api/get/banners")).body).toEqual({ success: true, data: [] });
    expect((await getJson("/api/get/landingGames")).body.data.map((g) => g.name)).toEqual(["Fortnite", "Valorant"]);
    expect((await getJson("/api/get/mostPopularStars")).body.data.map((s) => s.fullName)).toEqual([
      "Bella Frags",
      "Chen Coach",
    ]);
    expect((await getJson("/api/get/mostPopularProducts")).body.data[0]?.product_title).toBe("Zero build ranked");
    const upcoming = await getJson("/api/get/upcomingSessionsHomePage");
    expect(upcoming.body.data[0]).toMatchObject({
      seats: 3,
      seatsAvailable: 1,
      product: { product_title: "Valorant aim coaching" },
    });
    expect((await getJson("/api/get/yourUpcomingSessionsHomePage")).status).toBe(401);
    const cookie = (await createSession(env, world.fan.id)).split(";")[0] ?? "";
    const own = await getJson("/api/get/yourUpcomingSessionsHomePage", { Cookie: cookie });
    expect(own.body.data.map((s) => s._id)).toEqual([world.slots.upcoming1.id]);
  });
});

describe("sessions, live sessions and tags", () => {
  it("past sessions newest first and upcoming soonest first, 6 a page, with totals", async () => {
    const past = await getJson(`/api/get/pastsessions/${world.streamers.chen.id}`);
    expect(past.body).toMatchObject({ totalSessions: 7, limit: 6, hasMore: true });
    const starts = past.body.data.map((s) => String(s.startTime));
    expect([...starts].sort().reverse()).toEqual(starts);
    const upcoming = await getJson(`/api/get/upcomingsessions/${world.streamers.chen.id}`);
    expect(upcoming.body.data.map((s) => s._id)).toEqual([world.slots.upcoming1.id, world.slots.upcoming2.id]);
    const oldestFirst = await getJson(`/api/get/pastsessions/${world.streamers.chen.id}?sortOption=asc&limit=2`);
    expect(oldestFirst.body.data.map((s) => s._id)).toEqual([world.slots.past[6]?.id, world.slots.past[5]?.id]);
    expect((await getJson("/api/get/pastsessions/nobody")).status).toBe(404);
    expect((await getJson(`/api/get/pastsessions/${world.streamers.chen.id}?sortOption=sideways`)).status).toBe(400);
  });

  it("the active live session of a star, live sessions, hash tags, a session's tags", async () => {
    const live = await getJson(`/api/get/livesessions/active/${world.streamers.aarav.id}`);
    expect(live.body.data).toMatchObject({ _id: world.live.id, title: "Late night Fortnite", price: 500 });
    expect((await getJson(`/api/get/livesessions/active/${world.streamers.chen.id}`)).status).toBe(404);
    expect((await getJson("/api/get/liveSessions")).body.data).toHaveLength(1);
    expect((await getJson("/api/get-hash-tags")).body.data).toEqual(["chill", "late-night"]);
    expect((await getJson(`/api/get/liveSessionTags/${world.live.id}`)).body.data).toEqual([
      { name: "chill" },
      { name: "late-night" },
    ]);
  });

  it("live queues joined needs a login", async () => {
    expect((await getJson("/api/user/live-queues-joined")).status).toBe(401);
    const cookie = (await createSession(env, world.fan.id)).split(";")[0] ?? "";
    expect((await getJson("/api/user/live-queues-joined", { Cookie: cookie })).body).toMatchObject({ data: [] });
  });
});

describe("GET /api/get/stars_gigs_search", () => {
  it("suggests games, gigs and stars by prefix, live ones tagged, names cut to 20 characters", async () => {
    const fort = await getJson("/api/get/stars_gigs_search?searchQuery=fort");
    expect(fort.body.data.map((s) => [s.type, s.name, s.isLive])).toEqual([
      ["game", "Fortnite", true],
      ["gig", "Mobile Fortnite duos", false],
    ]);
    const aar = await getJson("/api/get/stars_gigs_search?searchQuery=aar");
    expect(aar.body.data.map((s) => [s.type, s.title])).toEqual([
      ["gig", "Build fights with Aarav"],
      ["star", "Aarav Plays"],
    ]);
    expect(aar.body.data[1]).toMatchObject({
      _id: world.streamers.aarav.id,
      isLive: true,
      url: `/star/${world.streamers.aarav.id}`,
    });
    const build = await getJson("/api/get/stars_gigs_search?searchQuery=build");
    const long = build.body.data.find((s) => s._id === world.gigs.gig1.id);
    expect(long).toMatchObject({
      type: "gig",
      title: "Build fights with Aarav",
      name: "Build fights with Aa…",
      isLive: true,
    });
    expect((await getJson("/api/get/stars_gigs_search?searchQuery=")).body.data).toEqual([]);
    expect((await getJson('/api/get/stars_gigs_search?searchQuery=" OR *')).body.data).toEqual([]);
    expect((await getJson(`/api/get/stars_gigs_search?searchQuery=${"x".repeat(101)}`)).status).toBe(400);
  });

  it("keeps the index in step with inserts, renames and deletes", async () => {
    // Raw SQL on purpose: the search index's triggers must follow any write to the rows, not only the use cases'.
    const suggest = async (q: string) =>
      (await getJson(`/api/get/stars_gigs_search?searchQuery=${q}`)).body.data.map((s) => s.title);
    await env.DB.prepare("UPDATE products SET title = 'Quokka speedruns' WHERE id = ?").bind(world.gigs.gig7.id).run();
    expect(await suggest("quok")).toEqual(["Quokka speedruns"]);
    expect(await suggest("speed")).toEqual(["Quokka speedruns"]);
    await env.DB.prepare("UPDATE users SET full_name = 'Zanzibar Dana' WHERE id = ?")
      .bind(world.streamers.dana.id)
      .run();
    expect(await suggest("zanzi")).toEqual(["Zanzibar Dana"]);
    await env.DB.prepare("UPDATE games SET name = 'Chessmaster Arena' WHERE id = ?").bind(world.games.chess.id).run();
    expect(await suggest("chessm")).toEqual(["Chessmaster Arena"]);
    await env.DB.prepare("DELETE FROM product_tags WHERE product_id = ?").bind(world.gigs.gig7.id).run();
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(world.gigs.gig7.id).run();
    expect(await suggest("quok")).toEqual([]);
    await env.DB.prepare("DELETE FROM influencer_profiles WHERE user_id = ?").bind(world.streamers.dana.id).run();
    expect(await suggest("zanzi")).toEqual([]);
    // Raw SQL on purpose: FTS5's own integrity check of the search index the triggers keep.
    const integrity = await env.DB.prepare("INSERT INTO products_fts(products_fts) VALUES ('integrity-check')").run();
    expect(integrity.success).toBe(true);
  });
});
