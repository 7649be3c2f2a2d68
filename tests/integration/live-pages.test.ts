import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { placeOf } from "~/features/live/reads.server";
import { eventually } from "~tests/support/eventually";
import { createGame, createInfluencer, createPlatform, favouriteStar } from "../factories";
import { request } from "./app";
import { get, liveFan, liveWorld, post } from "./live-world";
import { toastOf } from "./toast";

/** The live pages without JavaScript (plain forms), the go-live API, video details and the fan-out. */
function postForm(path: string, cookie: string, fields: [string, string][]) {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return request(path, { method: "POST", body, headers: { Cookie: cookie } });
}

async function streamer() {
  const star = await createInfluencer(env.DB, { country: "US" });
  const platform = await createPlatform(env.DB, "ps5", "PlayStation");
  const game = await createGame(
    env.DB,
    { name: "Rocket Ball" },
    { platformIds: [platform.id], noOfPlayers: 3, durationMinutes: 15 },
  );
  const cookie = (await createSession(env, star.id)).split(";")[0] ?? "";
  return { star, platform, game, cookie };
}

describe("the start-live stepper without JavaScript", () => {
  it("walks the plain form steps, refuses a low price, resets later steps, and starts the session once", async () => {
    const { star, platform, game, cookie } = await streamer();
    const fan = await liveFan();
    await favouriteStar(env.DB, fan.user.id, star.id);
    const start = "/influencer/live/start";
    expect((await get(start, cookie)).status).toBe(200);
    const game1: [string, string][] = [
      ["_game_id", game.id],
      ["_game_mode_id", game.modeId],
    ];
    let page = await postForm(start, cookie, [...game1, ["intent", "next:game"]]);
    expect(await page.text()).toContain('data-step="platform"');
    const platform1: [string, string][] = [...game1, ["_platform_playing_on_id", platform.id]];
    page = await postForm(start, cookie, [...platform1, ["intent", "next:platform"]]);
    expect(await page.text()).toContain('data-step="price"');
    page = await postForm(start, cookie, [...platform1, ["price", "4.99"], ["intent", "next:price"]]);
    expect(page.status).toBe(400);
    const low = await page.text();
    expect(low).toContain("Price should be greater than $5");
    expect(low).toMatch(/id="price"[^>]*value=""/);
    const priced: [string, string][] = [...platform1, ["price", "7.50"]];
    page = await postForm(start, cookie, [...priced, ["intent", "next:price"]]);
    expect(await page.text()).toContain('data-step="streaming"');
    page = await postForm(start, cookie, [
      ...priced,
      ["isStreaming", "yes"],
      ["streamingLink", "https://example.com/x"],
      ["intent", "next:streaming"],
    ]);
    expect(await page.text()).toContain("Invalid link. Use YouTube or Twitch streaming link.");
    page = await postForm(start, cookie, [
      ...priced,
      ["isStreaming", "yes"],
      ["streamingLink", "https://www.youtube.com/@somebody"],
      ["intent", "next:streaming"],
    ]);
    expect(await page.text()).toContain("Make sure you use a livestream link.");
    page = await postForm(start, cookie, [
      ...priced,
      ["isStreaming", "yes"],
      ["streamingLink", '<iframe width="560" src="https://www.youtube.com/embed/abcDEF12345" title="x"></iframe>'],
      ["intent", "next:streaming"],
    ]);
    const details = await page.text();
    expect(details).toContain('data-step="details"');
    // Title from the stand-in's oEmbed answer, over 70 characters: cut to 69.
    const title = "Stand-in live stream abcDEF12345: ranked grind with viewers, come and ".slice(0, 69);
    expect(details).toContain(`value="${title}"`);
    // Changing an earlier step drops the later answers.
    page = await postForm(start, cookie, [
      ...priced,
      ["isStreaming", "yes"],
      ["streamingLink", "https://www.youtube.com/embed/abcDEF12345"],
      ["title", title],
      ["intent", "edit:price"],
    ]);
    const back = await page.text();
    expect(back).toContain('data-step="price"');
    expect(back).not.toContain("abcDEF12345");
    const streamingDone: [string, string][] = [
      ...priced,
      ["isStreaming", "yes"],
      ["streamingLink", "https://www.youtube.com/embed/abcDEF12345"],
    ];
    // The cut title (69) is still over the 66 allowed: the streamer shortens it.
    page = await postForm(start, cookie, [...streamingDone, ["title", title], ["intent", "next:details"]]);
    expect(await page.text()).toContain("Title must be at most 66 characters");
    const short = "Ranked night with viewers";
    page = await postForm(start, cookie, [
      ...streamingDone,
      ["title", short],
      ["requirements[0].key", "Rank"],
      ["requirements[0].value", ""],
      ["intent", "next:details"],
    ]);
    const missing = await page.text();
    expect(missing.match(/data-step="[a-z]+"/)?.[0]).toBe(`data-step="details"`);
    expect(missing).toContain("Please fill all the requirements");
    const described: [string, string][] = [
      ...streamingDone,
      ["title", short],
      ["requirements[0].key", "Rank"],
      ["requirements[0].value", "Gold"],
      ["session_tags", "ranked, chill"],
    ];
    page = await postForm(start, cookie, [...described, ["intent", "next:details"]]);
    const ready = await page.text();
    expect(ready).toContain('data-step="start"');
    page = await postForm(start, cookie, [...described, ["intent", "start"]]);
    expect(page.status).toBe(302);
    const location = page.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/influencer\/live\/session\/[a-z0-9]+\?started=1$/);
    expect((await toastOf(page))?.message).toBe("Live session started successfully");
    const id = location.split("/").pop()?.split("?")[0] ?? "";
    const row = await env.DB.prepare("SELECT price_minor, streaming_link, title FROM live_sessions WHERE id = ?")
      .bind(id)
      .first();
    expect(row).toEqual({
      price_minor: 750,
      streaming_link: "https://www.youtube.com/embed/abcDEF12345",
      title: short,
    });
    const dashboard = await (await get(location, cookie)).text();
    expect(dashboard).toContain(`/live/${id}`);
    expect(dashboard).toContain("Copy link");
    // One live session per streamer: the stepper sends them to their queue, the API says 409.
    expect((await get(start, cookie)).headers.get("Location")).toBe(`/influencer/live/session/${id}`);
    const again = await post("/api/post/influencer/liveSession", cookie, {
      _game_id: game.id,
      _game_mode_id: game.modeId,
      _platform_playing_on_id: platform.id,
      title: "Second",
      price: "9",
    });
    expect(again.status).toBe(409);
    // The fan who favourited the star is told, through the fan-out queue.
    const note = await pollRow(
      `SELECT title, url FROM notifications WHERE user_id = '${fan.user.id}' AND type = 'live'`,
    );
    expect(note).toMatchObject({ url: `/live/${id}` });
  });
});

function pollRow(sql: string) {
  return eventually(() => env.DB.prepare(sql).first(), { what: `no row: ${sql}` });
}

describe("the live page and the queue dashboard without JavaScript", () => {
  it("a fan joins, sees their place and wait, gets the lobby code only when playing next, and leaves", async () => {
    const world = await liveWorld({ noOfPlayers: 2, durationMinutes: 20 });
    const [first, second, third] = await Promise.all([liveFan(), liveFan(), liveFan()]);
    expect((await get("/live/doesnotexist")).status).toBe(404);
    expect(await (await get("/live/doesnotexist")).text()).toContain("Live session not found");
    const anonymous = await (await get(`/live/${world.liveSessionId}`)).text();
    expect(anonymous).toContain("Log in to join the queue");
    for (const fan of [first, second, third]) {
      const joined = await postForm(`/live/${world.liveSessionId}`, fan.cookie, [["intent", "joinRegular"]]);
      expect(joined.status).toBe(302);
    }
    const page = await (await get(`/live/${world.liveSessionId}`, third.cookie)).text();
    expect(page).toMatch(/data-testid="my-position">3</);
    // Two fans ahead, two players per game: one game, 20 minutes.
    expect(page).toContain("estimated wait 20 min");
    // Another streamer cannot open this queue dashboard; the streamer serves the first fan.
    const other = await liveWorld();
    expect((await get(`/influencer/live/session/${world.liveSessionId}`, other.starCookie)).status).toBe(403);
    const entry = (await placeOf(env, world.liveSessionId, first.user.id))?.place?.entryId ?? "";
    await postForm(`/influencer/live/session/${world.liveSessionId}`, world.starCookie, [
      ["intent", "lobbyCode"],
      ["liveSessionId", world.liveSessionId],
      ["lobbyCode", "ROOM-77"],
    ]);
    const served = await postForm(`/influencer/live/session/${world.liveSessionId}`, world.starCookie, [
      ["intent", "serve"],
      ["id", entry],
      ["to", "playing_next"],
    ]);
    expect(served.status).toBe(200);
    expect(await (await get(`/live/${world.liveSessionId}`, first.cookie)).text()).toContain("ROOM-77");
    expect(await (await get(`/live/${world.liveSessionId}`, second.cookie)).text()).not.toContain("ROOM-77");
    const lobby = await get(`/api/user/lobby-code-details?liveSessionId=${world.liveSessionId}`, second.cookie);
    expect(((await lobby.json()) as { data: { lobbyCode: string } }).data.lobbyCode).toBe("");
    // The third fan leaves; the second moves up.
    const thirdEntry = (await placeOf(env, world.liveSessionId, third.user.id))?.place?.entryId ?? "";
    expect(
      (
        await postForm(`/live/${world.liveSessionId}`, third.cookie, [
          ["intent", "leave"],
          ["entryId", thirdEntry],
        ])
      ).status,
    ).toBe(302);
    expect((await placeOf(env, world.liveSessionId, third.user.id))?.place).toBeNull();
    // VIP without accepting the terms: refused with the message.
    const vip = await postForm(`/live/${world.liveSessionId}`, third.cookie, [
      ["intent", "joinVip"],
      ["paymentMethod", "wallet"],
    ]);
    expect(vip.status).toBe(400);
    expect(await vip.text()).toContain("Please accept the VIP Queue Terms");
    // End Session: a fan is still playing next, so the streamer stays with an info message.
    const ended = await postForm(`/influencer/live/session/${world.liveSessionId}`, world.starCookie, [
      ["intent", "end"],
    ]);
    expect(ended.headers.get("Location")).toBe(`/influencer/live/session/${world.liveSessionId}`);
    expect((await toastOf(ended))?.kind).toBe("info");
  });

  it("answers video details through the stand-in and refuses other links", async () => {
    const { cookie } = await streamer();
    const ok = await post("/api/fetch-video-details", cookie, { embedLink: "https://youtu.be/abcDEF12345" });
    const body = (await ok.json()) as { success: boolean; title: string; thumbnail: string };
    expect(body.success).toBe(true);
    expect(body.title).toHaveLength(69);
    const twitch = (await (
      await post("/api/fetch-video-details", cookie, { embedLink: "https://www.twitch.tv/somechannel" })
    ).json()) as {
      title: string;
    };
    expect(twitch.title).toBe("somechannel live on Twitch");
    const bad = await post("/api/fetch-video-details", cookie, { embedLink: "https://vimeo.com/1" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe("Invalid link. Use YouTube or Twitch streaming link.");
    const fan = await liveFan();
    expect(
      (await post("/api/fetch-video-details", fan.cookie, { embedLink: "https://youtu.be/abcDEF12345" })).status,
    ).toBe(403);
  });
});
