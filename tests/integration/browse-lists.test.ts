import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  gamesListQuery,
  gigsCountQuery,
  gigsListQuery,
  liveListQuery,
  streamersCountQuery,
  streamersListQuery,
} from "~/features/catalogue/browse.server";
import { gamesQuerySchema, gigsQuerySchema, liveQuerySchema, streamersQuerySchema } from "~/features/catalogue/schema";
import { getDb } from "~/platform/db.server";
import { type CatalogueWorld, createCatalogueWorld } from "../catalogue-world";
import { favouriteGig } from "../factories";

let world: CatalogueWorld;
beforeAll(async () => {
  world = await createCatalogueWorld(env.DB);
});

const db = () => getDb(env);
const gigTitles = async (params: Record<string, unknown>, viewerId: string | null = null) =>
  (await gigsListQuery(db(), gigsQuerySchema.parse(params), viewerId)).map((gig) => gig.title);

describe("gigs list", () => {
  it("sorts by popularity by default and leaves out archived gigs", async () => {
    expect(await gigTitles({})).toEqual([
      "Zero build ranked",
      "Unrated Valorant fun",
      "Mobile Fortnite duos",
      "Build fights with Aarav",
      "Valorant aim coaching",
      "chess openings 101",
      "Speed chess blitz",
    ]);
  });

  it("sorts alphabetically (case-insensitively), by price both ways and by date", async () => {
    expect(await gigTitles({ sortBy: "alphabetically" })).toEqual([
      "Build fights with Aarav",
      "chess openings 101",
      "Mobile Fortnite duos",
      "Speed chess blitz",
      "Unrated Valorant fun",
      "Valorant aim coaching",
      "Zero build ranked",
    ]);
    expect((await gigTitles({ sortBy: "lowToHigh" }))[0]).toBe("Speed chess blitz");
    expect((await gigTitles({ sortBy: "highToLow" }))[0]).toBe("Valorant aim coaching");
    expect((await gigTitles({ sortBy: "date" }))[0]).toBe("Speed chess blitz");
  });

  it("filters by game, country, profession, platform (Android and iOS together), live and tags", async () => {
    expect(await gigTitles({ selectedGame: world.games.valorant.id })).toEqual([
      "Unrated Valorant fun",
      "Valorant aim coaching",
    ]);
    expect(await gigTitles({ country: "in" })).toEqual(["Build fights with Aarav"]);
    expect(await gigTitles({ profession: "Coach" })).toEqual(["Valorant aim coaching", "chess openings 101"]);
    expect(await gigTitles({ platform: "ios" })).toEqual(["Mobile Fortnite duos", "Speed chess blitz"]);
    expect(await gigTitles({ isLiveClicked: "true" })).toEqual(["Build fights with Aarav"]);
    expect(await gigTitles({ selectedTags: "ranked" })).toEqual(["Zero build ranked", "Valorant aim coaching"]);
    expect(await gigTitles({ selectedTags: ["ranked", "coaching"] })).toEqual(["Valorant aim coaching"]);
    expect(await gigTitles({ country: "Any", profession: "Any", platform: "Any" })).toHaveLength(7);
  });

  it("searches titles by prefix, ranked, and combines search with a sort", async () => {
    expect((await gigTitles({ searchField: "valo" })).sort()).toEqual([
      "Unrated Valorant fun",
      "Valorant aim coaching",
    ]);
    // bm25 with titles weighing more: a title match outranks a description match.
    expect(await gigTitles({ searchField: "coach" })).toEqual(["Valorant aim coaching", "chess openings 101"]);
    expect(await gigTitles({ searchField: "valo", sortBy: "lowToHigh" })).toEqual([
      "Unrated Valorant fun",
      "Valorant aim coaching",
    ]);
    expect(await gigTitles({ searchField: "box fight" })).toEqual(["Build fights with Aarav"]);
    expect(await gigTitles({ searchField: "zzzz" })).toEqual([]);
  });

  it("finds a streamer's gigs by the streamer's name or handle, by game and by tag, and follows a rename", async () => {
    expect(await gigTitles({ searchField: "Bella Frags" })).toEqual(["Zero build ranked", "Unrated Valorant fun"]);
    expect(await gigTitles({ searchField: "bellafr" })).toEqual(["Zero build ranked", "Unrated Valorant fun"]);
    // The words may come from different fields: the streamer's name and the game.
    expect(await gigTitles({ searchField: "dana chess" })).toEqual(["Speed chess blitz"]);
    expect(await gigTitles({ searchField: "fortnite chill" })).toEqual(["Build fights with Aarav"]);
    // The count agrees with the page.
    const [row] = await gigsCountQuery(db(), gigsQuerySchema.parse({ searchField: "dana builds" }), null);
    expect(row?.total).toBe(2);

    // Raw SQL on purpose: the search index's triggers must follow a rename however it is written.
    const rename = (fullName: string, username: string) =>
      env.DB.prepare("UPDATE users SET full_name = ?, username = ? WHERE id = ?")
        .bind(fullName, username, world.streamers.bella.id)
        .run();
    await rename("Bella Renamed", "bellanew");
    try {
      expect(await gigTitles({ searchField: "Bella Frags" })).toEqual([]);
      expect(await gigTitles({ searchField: "bellanew" })).toEqual(["Zero build ranked", "Unrated Valorant fun"]);
    } finally {
      await rename("Bella Frags", "bellafrags");
    }
    expect(await gigTitles({ searchField: "bellafrags" })).toEqual(["Zero build ranked", "Unrated Valorant fun"]);
  });

  it("pages with limit + 1 rows and counts the total", async () => {
    const page1 = await gigTitles({ limit: 3, sortBy: "alphabetically" });
    const page3 = await gigTitles({ limit: 3, page: 3, sortBy: "alphabetically" });
    expect(page1).toHaveLength(4);
    expect(page3).toEqual(["Zero build ranked"]);
    const [row] = await gigsCountQuery(db(), gigsQuerySchema.parse({ platform: "pc" }), null);
    expect(row?.total).toBe(4);
  });

  it("shows favourites only to their owner", async () => {
    await favouriteGig(env.DB, world.fan.id, world.gigs.gig5.id);
    expect(await gigTitles({ isFavClicked: "true" }, world.fan.id)).toEqual(["chess openings 101"]);
    expect(await gigTitles({ isFavClicked: "true" }, world.other.id)).toEqual([]);
    expect(await gigTitles({ isFavClicked: "true" }, null)).toEqual([]);
    const rows = await gigsListQuery(db(), gigsQuerySchema.parse({ sortBy: "alphabetically" }), world.fan.id);
    expect(rows.find((gig) => gig.id === world.gigs.gig5.id)?.isFavourite).toBe(true);
    expect(rows.find((gig) => gig.id === world.gigs.gig1.id)?.isFavourite).toBe(false);
    expect(rows.find((gig) => gig.id === world.gigs.gig1.id)?.tags.sort()).toEqual(["chill", "duo"]);
  });
});

describe("games, creators and live lists", () => {
  it("lists games by popularity, name, platform and search", async () => {
    const names = async (params: Record<string, unknown>) =>
      (await gamesListQuery(db(), gamesQuerySchema.parse(params), null)).map((game) => game.name);
    expect(await names({})).toEqual(["Fortnite", "Valorant", "Chess Arena"]);
    expect(await names({ sortBy: "alphabetically" })).toEqual(["Chess Arena", "Fortnite", "Valorant"]);
    expect(await names({ platform: "ios" })).toEqual(["Fortnite", "Chess Arena"]);
    expect(await names({ searchField: "tact" })).toEqual(["Valorant"]);
  });

  it("lists creators with their filters and sorts", async () => {
    const names = async (params: Record<string, unknown>) =>
      (await streamersListQuery(db(), streamersQuerySchema.parse(params), null)).map((streamer) => streamer.fullName);
    expect(await names({})).toEqual(["Bella Frags", "Aarav Plays", "dana builds", "Chen Coach"]);
    expect(await names({ sortBy: "alphabetically" })).toEqual([
      "Aarav Plays",
      "Bella Frags",
      "Chen Coach",
      "dana builds",
    ]);
    expect(await names({ sortBy: "date" })).toEqual(["dana builds", "Chen Coach", "Bella Frags", "Aarav Plays"]);
    expect(await names({ country: "US" })).toEqual(["Bella Frags", "dana builds"]);
    expect(await names({ profession: "Coach" })).toEqual(["Chen Coach"]);
    expect(await names({ isLiveClicked: "true" })).toEqual(["Aarav Plays"]);
    expect(await names({ selectedTags: "duo" })).toEqual(["Aarav Plays", "dana builds"]);
    expect(await names({ searchField: "bel" })).toEqual(["Bella Frags"]);
    expect(await names({ searchField: "danabu" })).toEqual(["dana builds"]);
    const [row] = await streamersCountQuery(db(), streamersQuerySchema.parse({ country: "US" }), null);
    expect(row?.total).toBe(2);
  });

  it("lists live sessions", async () => {
    const rows = await liveListQuery(db(), liveQuerySchema.parse({}), null);
    expect(rows.map((live) => live.title)).toEqual(["Late night Fortnite"]);
    expect(rows[0]?.tags.sort()).toEqual(["chill", "late-night"]);
    expect(await liveListQuery(db(), liveQuerySchema.parse({ searchField: "aar" }), null)).toHaveLength(1);
    expect(await liveListQuery(db(), liveQuerySchema.parse({ searchField: "valorant" }), null)).toHaveLength(0);
    expect(await liveListQuery(db(), liveQuerySchema.parse({ selectedTags: "late-night" }), null)).toHaveLength(1);
  });
});
