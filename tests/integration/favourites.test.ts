import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { FAVOURITE_COPY } from "~/features/favourites/copy";
import { type CatalogueWorld, createCatalogueWorld } from "../catalogue-world";
import { createUser } from "../factories";
import { postForm, postJson, request } from "./app";

let world: CatalogueWorld;
beforeAll(async () => {
  world = await createCatalogueWorld(env.DB);
});

async function newFan() {
  const user = await createUser(env.DB);
  const cookie = (await createSession(env, user.id)).split(";")[0] ?? "";
  return { user, cookie };
}

async function allFavourites(cookie: string) {
  const response = await request("/api/get_allfavorites", { headers: { Cookie: cookie } });
  return (await response.json()) as { data: Record<"gigs" | "stars" | "games", { _id: string }[]> };
}

async function count(table: string, userId: string) {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`)
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? -1;
}

describe("favourites API", () => {
  it("adds and removes gigs, stars and games with the docs/domain.md toasts", async () => {
    const { cookie } = await newFan();
    const headers = { Cookie: cookie };
    const cases = [
      [
        "save_favoriteGig",
        "delete_favGigs",
        world.gigs.gig1.id,
        FAVOURITE_COPY.gigFavouriteAdded,
        FAVOURITE_COPY.gigFavouriteRemoved,
        "warning",
      ],
      [
        "save_favoriteStars",
        "delete_favStars",
        world.streamers.bella.id,
        FAVOURITE_COPY.streamerFavouriteAdded,
        FAVOURITE_COPY.streamerFavouriteRemoved,
        "success",
      ],
      [
        "save_favoriteGames",
        "delete_favGames",
        world.games.valorant.id,
        FAVOURITE_COPY.gameFavouriteAdded,
        FAVOURITE_COPY.gameFavouriteRemoved,
        "success",
      ],
    ] as const;
    for (const [save, remove, id, added, removed, removedKind] of cases) {
      const add = await postJson(`/api/${save}`, { id }, headers);
      expect(add.status).toBe(200);
      expect(await add.json()).toMatchObject({
        success: true,
        message: added,
        toast: { kind: "success" },
        isFavorite: true,
      });
      const del = await postJson(`/api/${remove}`, { id }, headers);
      expect(await del.json()).toMatchObject({ success: true, message: removed, toast: { kind: removedKind } });
    }
    expect(FAVOURITE_COPY.gigFavouriteAdded).toBe("Gig added to favorites");
    expect(FAVOURITE_COPY.gigFavouriteRemoved).toBe("Gig removed from favorites");
  });

  it("lists favourites, marks them in lists, and adding twice keeps one row", async () => {
    const { user, cookie } = await newFan();
    const headers = { Cookie: cookie };
    await Promise.all(
      [1, 2, 3, 4, 5].map(() => postJson("/api/save_favoriteGig", { id: world.gigs.gig4.id }, headers)),
    );
    expect(await count("favourite_gigs", user.id)).toBe(1);
    await postJson("/api/save_favoriteStars", { id: world.streamers.chen.id }, headers);
    await postJson("/api/save_favoriteGames", { id: world.games.fortnite.id }, headers);
    const all = await allFavourites(cookie);
    expect(all.data.gigs.map((gig) => gig._id)).toEqual([world.gigs.gig4.id]);
    expect(all.data.stars.map((streamer) => streamer._id)).toEqual([world.streamers.chen.id]);
    expect(all.data.games.map((game) => game._id)).toEqual([world.games.fortnite.id]);
    const list = await request("/api/get/GigsForScroll?isFavClicked=true", { headers });
    expect(((await list.json()) as { data: { _id: string; isFavorite: boolean }[] }).data).toEqual([
      expect.objectContaining({ _id: world.gigs.gig4.id, isFavorite: true }),
    ]);
  });

  it("keeps favourites across logout and login: they are rows, not session state", async () => {
    const { user, cookie } = await newFan();
    await postJson("/api/save_favoriteGig", { id: world.gigs.gig2.id }, { Cookie: cookie });
    const logout = await request("/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(logout.status).toBe(302);
    expect((await request("/api/get_allfavorites", { headers: { Cookie: cookie } })).status).toBe(401);
    const again = (await createSession(env, user.id)).split(";")[0] ?? "";
    expect((await allFavourites(again)).data.gigs.map((gig) => gig._id)).toEqual([world.gigs.gig2.id]);
  });

  it("refuses visitors (401), other sites (403), bad bodies (400), unknown items (404) and GET (405)", async () => {
    const { cookie } = await newFan();
    expect((await postJson("/api/save_favoriteGig", { id: world.gigs.gig1.id })).status).toBe(401);
    expect((await request("/api/get_allfavorites")).status).toBe(401);
    const crossSite = await postJson(
      "/api/save_favoriteGig",
      { id: world.gigs.gig1.id },
      { Cookie: cookie, Origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    expect((await postJson("/api/save_favoriteGig", {}, { Cookie: cookie })).status).toBe(400);
    expect((await postJson("/api/save_favoriteGig", { id: "no such/gig" }, { Cookie: cookie })).status).toBe(400);
    const unknown = await postJson("/api/save_favoriteGig", { id: "nosuchgig" }, { Cookie: cookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: "Gig not found" });
    expect((await postJson("/api/save_favoriteGig", { id: world.gigs.archived.id }, { Cookie: cookie })).status).toBe(
      404,
    );
    expect((await postJson("/api/save_favoriteStars", { id: world.fan.id }, { Cookie: cookie })).status).toBe(404);
    expect((await request("/api/save_favoriteGig", { headers: { Cookie: cookie } })).status).toBe(405);
  });
});

describe("favourite buttons without JavaScript (POST /favourites)", () => {
  it("applies at once and goes back to the page with the toast", async () => {
    const { user, cookie } = await newFan();
    const back = `/gig/${world.gigs.gig3.id}`;
    const response = await postForm(
      "/favourites",
      { kind: "gig", id: world.gigs.gig3.id, intent: "add", redirectTo: back },
      { Cookie: cookie },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(back);
    expect(await count("favourite_gigs", user.id)).toBe(1);
    const toast =
      response.headers
        .getSetCookie()
        .find((c) => c.startsWith("toast="))
        ?.split(";")[0] ?? "";
    const page = await request(back, { headers: { Cookie: `${cookie}; ${toast}` } });
    const html = await page.text();
    expect(html).toContain(FAVOURITE_COPY.gigFavouriteAdded);
    expect(html).toContain('aria-label="Remove Valorant aim coaching from favourites"');
    await postForm(
      "/favourites",
      { kind: "gig", id: world.gigs.gig3.id, intent: "remove", redirectTo: back },
      { Cookie: cookie },
    );
    expect(await count("favourite_gigs", user.id)).toBe(0);
  });

  it("sends visitors to log in and back, and refuses bad input and other sites", async () => {
    const back = `/star/${world.streamers.bella.id}`;
    const anonymous = await postForm("/favourites", {
      kind: "star",
      id: world.streamers.bella.id,
      intent: "add",
      redirectTo: back,
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(back)}`);
    const { cookie } = await newFan();
    expect((await postForm("/favourites", { kind: "planet", id: "x", intent: "add" }, { Cookie: cookie })).status).toBe(
      400,
    );
    const evil = await postForm(
      "/favourites",
      { kind: "star", id: world.streamers.bella.id, intent: "add", redirectTo: back },
      { Cookie: cookie, Origin: "https://evil.example" },
    );
    expect(evil.status).toBe(403);
    // An outside redirectTo is ignored: the user lands on /.
    const outside = await postForm(
      "/favourites",
      { kind: "star", id: world.streamers.bella.id, intent: "add", redirectTo: "https://evil.example/" },
      { Cookie: cookie },
    );
    expect(outside.headers.get("Location")).toBe("/");
  });

  it("shows visitors a log-in link instead of the button", async () => {
    const html = await (await request(`/gig/${world.gigs.gig1.id}`)).text();
    expect(html).toContain(`href="/login?redirectTo=${encodeURIComponent(`/gig/${world.gigs.gig1.id}`)}"`);
  });
});
