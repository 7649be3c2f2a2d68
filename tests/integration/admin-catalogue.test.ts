import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { STAFF_CATALOGUE_COPY } from "~/features/staff-catalogue/copy";
import { listGamesForStaff } from "~/features/staff-catalogue/games.server";
import { createGame, createGig, createPlatform, createStreamer, createUser, viewerOf } from "../factories";
import { staffUser } from "./admin-world";
import { request } from "./app";
import { Client } from "./client";
import { PNG_BYTES, streamerWithGame } from "./streamer-world";

type Json = Record<string, unknown> & { success: boolean; message?: string };

const png = (name: string) => new File([PNG_BYTES as Uint8Array<ArrayBuffer>], name, { type: "image/png" });

function formOf(fields: Record<string, string | string[]>, files: Record<string, File> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  for (const [key, file] of Object.entries(files)) form.append(key, file);
  return form;
}

const post = (path: string, cookie: string, body: FormData) =>
  request(path, { method: "POST", body, headers: { Cookie: cookie, "CF-Connecting-IP": "198.51.100.9" } });

async function json(response: Response): Promise<[number, Json]> {
  return [response.status, (await response.json()) as Json];
}

const gameFields = (platformIds: string[], name = `Rocket Arena ${Date.now()}`) => ({
  name,
  description: "Cars and a ball.",
  crossplatform: "on",
  showLanding: "on",
  primaryColor: "#112233",
  secondaryColor: "",
  alternatColor: "#AbCdEf",
  platformIds,
  "modes[0].name": "Duos",
  "modes[0].durationMinutes": "20",
  "modes[0].noOfPlayers": "2",
  "modes[1].name": "Solo",
  "modes[1].durationMinutes": "15",
  "modes[1].noOfPlayers": "1",
  "modes[2].name": "",
  "modes[2].durationMinutes": "",
  "modes[2].noOfPlayers": "",
});

async function gameByName(name: string) {
  return env.DB.prepare("SELECT * FROM games WHERE name = ?").bind(name).first<Record<string, unknown>>();
}

describe("staff catalogue: games", () => {
  it("adds a game with modes, platforms, images and colours through the page form (no JavaScript needed)", async () => {
    const marketing = await staffUser("marketing");
    const pc = await createPlatform(env.DB, "pc", "PC");
    const ps = await createPlatform(env.DB, "playstation", "PlayStation");
    const fields = gameFields([pc.id, ps.id]);
    const added = await post(
      "/admin/games/add",
      marketing.cookie,
      formOf(fields, { image: png("c.png"), gameLogo: png("l.png") }),
    );
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/admin/games");
    const game = await gameByName(fields.name);
    expect(game).toMatchObject({
      crossplatform: 1,
      show_landing: 1,
      primary_color: "#112233",
      alternat_color: "#AbCdEf",
    });
    expect(game?.secondary_color).toBeNull();
    const stored = await env.MEDIA.get(String(game?.image_filename));
    expect(stored).not.toBeNull();
    await stored?.arrayBuffer();
    const modes = await env.DB.prepare(
      "SELECT name, duration_minutes, no_of_players FROM game_modes WHERE game_id = ? ORDER BY sort_order",
    )
      .bind(game?.id)
      .all();
    expect(modes.results).toEqual([
      { name: "Duos", duration_minutes: 20, no_of_players: 2 },
      { name: "Solo", duration_minutes: 15, no_of_players: 1 },
    ]);
    // The public catalogue shows it at once.
    const publicGame = await json(await new Client().get(`/api/get/game/${game?.id}`));
    expect(publicGame[0]).toBe(200);
    expect(JSON.stringify(publicGame[1])).toContain(fields.name);
    // And the audit log has it.
    const audit = await env.DB.prepare("SELECT action, actor_role FROM audit_log WHERE entity_id = ?")
      .bind(game?.id)
      .all();
    expect(audit.results).toEqual([{ action: "game.create", actor_role: "marketing" }]);
  });

  it("refuses bad input with a message and saves nothing", async () => {
    const admin = await staffUser("admin");
    const pc = await createPlatform(env.DB, "pc", "PC");
    const name = `Nope ${Date.now()}`;
    const cases: [Record<string, string | string[]>, string][] = [
      [
        {
          ...gameFields([pc.id], name),
          "modes[0].name": "",
          "modes[0].durationMinutes": "",
          "modes[0].noOfPlayers": "",
          "modes[1].name": "",
          "modes[1].durationMinutes": "",
          "modes[1].noOfPlayers": "",
        },
        STAFF_CATALOGUE_COPY.chooseMode,
      ],
      [{ ...gameFields([], name) }, STAFF_CATALOGUE_COPY.choosePlatform],
      [{ ...gameFields([pc.id], name), "modes[1].name": "duos" }, STAFF_CATALOGUE_COPY.modeNamesUnique],
      [{ ...gameFields([pc.id], name), primaryColor: "red" }, "Use a colour like #1a2b3c"],
      [{ ...gameFields([pc.id], name), "modes[0].noOfPlayers": "0" }, "At least 1 player"],
    ];
    for (const [fields, message] of cases) {
      const answer = await post("/admin/games/add", admin.cookie, formOf(fields));
      expect(answer.status, message).toBe(400);
      expect(await answer.text()).toContain(message);
    }
    const notImage = await post(
      "/api/admin/add/game",
      admin.cookie,
      formOf(gameFields([pc.id], name), { image: new File(["hello"], "x.png", { type: "image/png" }) }),
    );
    expect((await json(notImage))[1].message).toBe("Please select a valid image file");
    expect(await gameByName(name)).toBeNull();
  });

  it("edits modes and platforms, refuses to remove what gigs use, and deletes only an unused game", async () => {
    const admin = await staffUser("admin");
    const world = await streamerWithGame();
    const xbox = await createPlatform(env.DB, "xbox", "XBOX");
    await createGig(env.DB, world.streamer.id, world.game);
    const path = `/api/admin/edit-game/${world.game.id}`;
    // Removing the mode the gig uses: refused whole, nothing changed.
    const removeMode = await json(
      await new Client().postJson(
        path,
        {
          name: "Renamed",
          platformIds: [world.platformId],
          modes: [{ name: "Squads", durationMinutes: 40, noOfPlayers: 4 }],
        },
        { Cookie: admin.cookie },
      ),
    );
    expect(removeMode).toEqual([409, { success: false, message: STAFF_CATALOGUE_COPY.modeInUse, field: "modes" }]);
    const unchanged = await env.DB.prepare("SELECT name FROM games WHERE id = ?").bind(world.game.id).first();
    expect(unchanged?.name).toBe(world.game.name);
    // Keeping it (by id), renaming it and adding one, and adding a platform: saved.
    const edit = await json(
      await new Client().postJson(
        path,
        {
          name: "Renamed",
          platformIds: [world.platformId, xbox.id],
          modes: [
            { id: world.game.modeId, name: "Ranked duos", durationMinutes: 35, noOfPlayers: 2 },
            { name: "Squads", durationMinutes: 40, noOfPlayers: 4 },
          ],
        },
        { Cookie: admin.cookie },
      ),
    );
    expect(edit[0]).toBe(200);
    const modes = await env.DB.prepare("SELECT id, name FROM game_modes WHERE game_id = ? ORDER BY sort_order")
      .bind(world.game.id)
      .all();
    expect(modes.results.map((m) => m.name)).toEqual(["Ranked duos", "Squads"]);
    expect(modes.results[0]?.id).toBe(world.game.modeId);
    // Deleting a game gigs use: refused with the product's wording first.
    const refused = await json(
      await new Client().postJson(`/api/admin/deleteGame/${world.game.id}`, {}, { Cookie: admin.cookie }),
    );
    expect(refused).toEqual([409, { success: false, message: STAFF_CATALOGUE_COPY.gameInUse }]);
    expect(STAFF_CATALOGUE_COPY.gameInUse.startsWith(STAFF_CATALOGUE_COPY.gameDeleteError)).toBe(true);
    // An unused game goes.
    const pc = await createPlatform(env.DB, "pc", "PC");
    const fields = gameFields([pc.id]);
    expect((await post("/api/admin/add/game", admin.cookie, formOf(fields))).status).toBe(200);
    const spare = await gameByName(fields.name);
    const deleted = await json(
      await new Client().postJson(`/api/admin/deleteGame/${spare?.id}`, {}, { Cookie: admin.cookie }),
    );
    expect(deleted).toEqual([200, { success: true, message: STAFF_CATALOGUE_COPY.gameDeleted }]);
    expect(await gameByName(fields.name)).toBeNull();
    const missing = await new Client().get("/admin/edit-game/no-such-game", { Cookie: admin.cookie });
    expect(missing.status).toBe(404);
  });
});

describe("staff catalogue: platforms and banners", () => {
  it("adds a platform once, and a banner with an image that the landing shows until it is deleted", async () => {
    const marketing = await staffUser("marketing");
    const name = `Cloud ${Date.now()}`;
    const added = await json(
      await post(
        "/api/admin/add/platform",
        marketing.cookie,
        formOf({ platformName: name }, { platformIcon: png("i.png") }),
      ),
    );
    expect(added[0]).toBe(200);
    const again = await json(await post("/api/admin/add/platform", marketing.cookie, formOf({ platformName: name })));
    expect(again).toEqual([
      409,
      { success: false, message: STAFF_CATALOGUE_COPY.platformTaken, field: "platformName" },
    ]);
    expect(await (await new Client().get("/admin/platforms", { Cookie: marketing.cookie })).text()).toContain(name);

    const title = `Winter cup ${Date.now()}`;
    const noImage = await post("/admin/banners/add", marketing.cookie, formOf({ intent: "add", title }));
    expect(noImage.status).toBe(400);
    expect(await noImage.text()).toContain(STAFF_CATALOGUE_COPY.bannerImageRequired);
    const banner = await post(
      "/admin/banners/add",
      marketing.cookie,
      formOf({ intent: "add", title, description: "Sign up now" }, { image: png("b.png") }),
    );
    expect(banner.status).toBe(302);
    const publicBanners = async () => JSON.stringify(await (await new Client().get("/api/get/banners")).json());
    expect(await publicBanners()).toContain(title);
    const row = await env.DB.prepare("SELECT id FROM banners WHERE title = ?").bind(title).first<{ id: string }>();
    const gone = await json(
      await new Client().postJson(`/api/admin/delete/banners/${row?.id}`, {}, { Cookie: marketing.cookie }),
    );
    expect(gone).toEqual([200, { success: true, message: STAFF_CATALOGUE_COPY.bannerDeleted }]);
    expect(await publicBanners()).not.toContain(title);
    const twice = await new Client().postJson(`/api/admin/delete/banners/${row?.id}`, {}, { Cookie: marketing.cookie });
    expect(twice.status).toBe(404);
  });
});

describe("the staff games list", () => {
  it("counts each game's modes and the gigs that use it", async () => {
    const platform = await createPlatform(env.DB, "counts-pc");
    const game = await createGame(env.DB, { name: "Counted game" }, { platformIds: [platform.id] });
    const streamer = await createStreamer(env.DB);
    await createGig(env.DB, streamer.id, game);
    await createGig(env.DB, streamer.id, game);
    const admin = viewerOf(await createUser(env.DB, { role: "admin" }));
    const row = (await listGamesForStaff(env, admin)).find((g) => g.id === game.id);
    expect(row?.modes).toBeGreaterThan(0);
    expect(row?.gigs).toBe(2);
  });
});
