import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { LIVE_EVENTS, liveSocketPath } from "~/features/live/events";
import { placeOf } from "~/features/live/reads.server";
import { eventually } from "~tests/support/eventually";
import { createGame, createPlatform, createStreamer, favouriteStar } from "../factories";
import { request } from "./app";
import { get, liveFan, liveWorld, openSocket, post, until } from "./live-world";
import { toastOf } from "./toast";

/** The live pages without JavaScript (plain forms), the go-live API, video details and the fan-out. */
function postForm(path: string, cookie: string, fields: [string, string][]) {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return request(path, { method: "POST", body, headers: { Cookie: cookie } });
}

async function streamer() {
  const streamer = await createStreamer(env.DB, { country: "US" });
  const platform = await createPlatform(env.DB, "ps5", "PlayStation");
  const game = await createGame(
    env.DB,
    { name: "Rocket Ball" },
    { platformIds: [platform.id], noOfPlayers: 3, durationMinutes: 15 },
  );
  const cookie = (await createSession(env, streamer.id)).split(";")[0] ?? "";
  return { streamer, platform, game, cookie };
}

type Fields = [string, string][];
/** Posts the stepper's answers so far with an intent ("next:price", "edit:price", "start") and returns its answer. */
type Step = (fields: Fields) => Promise<Response>;

/** Game and mode, then platform: each answer opens the next step. */
async function chooseGameAndPlatform(step: Step, game: { id: string; modeId: string }, platformId: string) {
  const game1: Fields = [
    ["_game_id", game.id],
    ["_game_mode_id", game.modeId],
  ];
  expect(await (await step([...game1, ["intent", "next:game"]])).text()).toContain('data-step="platform"');
  const platform1: Fields = [...game1, ["_platform_playing_on_id", platformId]];
  const priceStep = await (await step([...platform1, ["intent", "next:platform"]])).text();
  expect(priceStep).toContain('data-step="price"');
  // The price's limits are said before anything is typed.
  expect(priceStep).toContain("From $5 to $1,000");
  return platform1;
}

/** A price under $5 is refused (and the field emptied); $7.50 opens the streaming step. */
async function setPrice(step: Step, platform1: Fields) {
  const low = await step([...platform1, ["price", "4.99"], ["intent", "next:price"]]);
  expect(low.status).toBe(400);
  const lowPage = await low.text();
  expect(lowPage).toContain("Price should be greater than $5");
  expect(lowPage).toMatch(/id="price"[^>]*value=""/);
  const priced: Fields = [...platform1, ["price", "7.50"]];
  expect(await (await step([...priced, ["intent", "next:price"]])).text()).toContain('data-step="streaming"');
  return priced;
}

/** Only a YouTube or Twitch livestream is taken (an embed code too); its title comes prefilled, cut to 69. */
async function giveStreamingLink(step: Step, priced: Fields) {
  const link = async (streamingLink: string) =>
    (
      await step([...priced, ["isStreaming", "yes"], ["streamingLink", streamingLink], ["intent", "next:streaming"]])
    ).text();
  expect(await link("https://example.com/x")).toContain("Invalid link. Use YouTube or Twitch streaming link.");
  expect(await link("https://www.youtube.com/@somebody")).toContain("Make sure you use a livestream link.");
  const details = await link('<iframe width="560" src="https://www.youtube.com/embed/abcDEF12345" title="x"></iframe>');
  expect(details).toContain('data-step="details"');
  // Title from the stand-in's oEmbed answer, over 70 characters: cut to 69.
  const title = "Stand-in live stream abcDEF12345: ranked grind with viewers, come and ".slice(0, 69);
  expect(details).toContain(`value="${title}"`);
  const streamingDone: Fields = [
    ...priced,
    ["isStreaming", "yes"],
    ["streamingLink", "https://www.youtube.com/embed/abcDEF12345"],
  ];
  return { streamingDone, title };
}

/** The title must fit 66 characters and every requirement needs a value; then the start step opens. */
async function describeSession(step: Step, streamingDone: Fields, prefilledTitle: string, title: string) {
  // The cut title (69) is still over the 66 allowed: the streamer shortens it.
  const long = await step([...streamingDone, ["title", prefilledTitle], ["intent", "next:details"]]);
  expect(await long.text()).toContain("Title must be at most 66 characters");
  const rank = (value: string): Fields => [
    ["title", title],
    ["requirements[0].key", "Rank"],
    ["requirements[0].value", value],
  ];
  const missing = await (await step([...streamingDone, ...rank(""), ["intent", "next:details"]])).text();
  expect(missing.match(/data-step="[a-z]+"/)?.[0]).toBe(`data-step="details"`);
  expect(missing).toContain("Please fill all the requirements");
  const described: Fields = [...streamingDone, ...rank("Gold"), ["session_tags", "ranked, chill"]];
  expect(await (await step([...described, ["intent", "next:details"]])).text()).toContain('data-step="start"');
  return described;
}

/** Start: the session is stored as answered and the streamer lands on its queue dashboard. */
async function startSession(step: Step, described: Fields, cookie: string, title: string, handle: string) {
  const started = await step([...described, ["intent", "start"]]);
  expect(started.status).toBe(302);
  const location = started.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/influencer\/live\/session\/[a-z0-9]+\?started=1$/);
  expect((await toastOf(started))?.message).toBe("Live session started successfully");
  const id = location.split("/").pop()?.split("?")[0] ?? "";
  const row = await env.DB.prepare("SELECT price_minor, streaming_link, title FROM live_sessions WHERE id = ?")
    .bind(id)
    .first();
  expect(row).toEqual({ price_minor: 750, streaming_link: "https://www.youtube.com/embed/abcDEF12345", title });
  const dashboard = await (await get(location, cookie)).text();
  // The link to share is the streamer's short link, selectable without JavaScript (Copy comes with it).
  expect(dashboard).toContain(`/@${handle}"`);
  expect(dashboard).toContain('aria-label="Live session link"');
  return id;
}

describe("the start-live stepper without JavaScript", () => {
  it("walks the plain form steps, refuses a low price, resets later steps, and starts the session once", async () => {
    const { streamer: host, platform, game, cookie } = await streamer();
    const fan = await liveFan();
    await favouriteStar(env.DB, fan.user.id, host.id);
    const start = "/influencer/live/start";
    expect((await get(start, cookie)).status).toBe(200);
    const step: Step = (fields) => postForm(start, cookie, fields);

    const priced = await setPrice(step, await chooseGameAndPlatform(step, game, platform.id));
    const { streamingDone, title } = await giveStreamingLink(step, priced);
    // Changing an earlier step drops the later answers.
    const back = await (await step([...streamingDone, ["title", title], ["intent", "edit:price"]])).text();
    expect(back).toContain('data-step="price"');
    expect(back).not.toContain("abcDEF12345");
    const short = "Ranked night with viewers";
    const described = await describeSession(step, streamingDone, title, short);
    const id = await startSession(step, described, cookie, short, host.username);

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

type LiveWorld = Awaited<ReturnType<typeof liveWorld>>;
type LiveFan = Awaited<ReturnType<typeof liveFan>>;

async function unknownAndSignedOutPagesAnswer(world: LiveWorld) {
  expect((await get("/live/doesnotexist")).status).toBe(404);
  expect(await (await get("/live/doesnotexist")).text()).toContain("Live session not found");
  const anonymous = await (await get(`/live/${world.liveSessionId}`)).text();
  expect(anonymous).toContain("Log in to join the queue");
}

/** The gamer tag is asked for (the form names the session's platform) and required. */
async function aJoinWithoutATagIsRefused(world: LiveWorld, fan: LiveFan) {
  expect(await (await get(`/live/${world.liveSessionId}`, fan.cookie)).text()).toContain("Your gamer tag on");
  const untagged = await postForm(`/live/${world.liveSessionId}`, fan.cookie, [
    ["intent", "joinRegular"],
    ["gamertag", "   "],
  ]);
  expect(untagged.status).toBe(400);
  expect(await untagged.text()).toContain("Enter your gamer tag");
  expect((await placeOf(env, world.liveSessionId, fan.user.id))?.place).toBeNull();
}

/** Each fan joins with a tag; the tag is the place's and is saved back to the fan's tags, which prefill the form. */
async function fansJoinWithTheirTags(world: LiveWorld, fans: LiveFan[]) {
  for (const [i, fan] of fans.entries()) {
    const joined = await postForm(`/live/${world.liveSessionId}`, fan.cookie, [
      ["intent", "joinRegular"],
      ["gamertag", `page-tag-${i}`],
    ]);
    expect(joined.status).toBe(302);
  }
  const saved = await env.DB.prepare("SELECT platform, tag FROM user_gamertags WHERE user_id = ?")
    .bind(fans[0]?.user.id)
    .all<{ platform: string; tag: string }>();
  expect(saved.results).toEqual([{ platform: "other", tag: "page-tag-0" }]);
}

/** The third in line sees their place and wait: two fans ahead, two players per game: one game, 20 minutes. */
async function theThirdSeesTheirPlaceAndWait(world: LiveWorld, third: LiveFan) {
  const page = await (await get(`/live/${world.liveSessionId}`, third.cookie)).text();
  expect(page).toMatch(/data-testid="my-position">3rd in line</);
  expect(page).toContain("estimated wait 20 min");
}

/**
 * Another streamer cannot open this queue dashboard; the streamer shares a lobby code and serves the first fan, who
 * alone then reads the code.
 */
async function theStreamerServesTheFirstWithTheLobbyCode(world: LiveWorld, first: LiveFan, second: LiveFan) {
  const other = await liveWorld();
  expect((await get(`/influencer/live/session/${world.liveSessionId}`, other.streamerCookie)).status).toBe(403);
  const entry = (await placeOf(env, world.liveSessionId, first.user.id))?.place?.entryId ?? "";
  await postForm(`/influencer/live/session/${world.liveSessionId}`, world.streamerCookie, [
    ["intent", "lobbyCode"],
    ["liveSessionId", world.liveSessionId],
    ["lobbyCode", "ROOM-77"],
  ]);
  // The first fan has the live page open when called (a fan away from it misses their ready check at once).
  const onPage = await openSocket(liveSocketPath(world.liveSessionId), first.cookie);
  await until(() => onPage.last(LIVE_EVENTS.updateUser));
  const served = await postForm(`/influencer/live/session/${world.liveSessionId}`, world.streamerCookie, [
    ["intent", "serve"],
    ["id", entry],
    ["to", "playing_next"],
  ]);
  expect(served.status).toBe(200);
  onPage.close();
  expect(await (await get(`/live/${world.liveSessionId}`, first.cookie)).text()).toContain("ROOM-77");
  expect(await (await get(`/live/${world.liveSessionId}`, second.cookie)).text()).not.toContain("ROOM-77");
  const lobby = await get(`/api/user/lobby-code-details?liveSessionId=${world.liveSessionId}`, second.cookie);
  expect(((await lobby.json()) as { data: { lobbyCode: string } }).data.lobbyCode).toBe("");
}

/** The third fan leaves (the second moves up), then asks for a VIP place without accepting the terms: refused. */
async function theThirdLeavesAndIsRefusedVipWithoutTheTerms(world: LiveWorld, third: LiveFan) {
  const thirdEntry = (await placeOf(env, world.liveSessionId, third.user.id))?.place?.entryId ?? "";
  const left = await postForm(`/live/${world.liveSessionId}`, third.cookie, [
    ["intent", "leave"],
    ["entryId", thirdEntry],
  ]);
  expect(left.status).toBe(302);
  expect((await placeOf(env, world.liveSessionId, third.user.id))?.place).toBeNull();
  expect(await (await get(`/live/${world.liveSessionId}`, third.cookie)).text()).toContain('value="page-tag-2"');
  const vip = await postForm(`/live/${world.liveSessionId}`, third.cookie, [
    ["intent", "joinVip"],
    ["paymentMethod", "wallet"],
    ["gamertag", "page-tag-2"],
  ]);
  expect(vip.status).toBe(400);
  expect(await vip.text()).toContain("Please accept the VIP Queue Terms");
}

/**
 * End Session while a fan is still playing next: the streamer goes to their dashboard, and every fan still in the
 * queue reads their outcome, without JavaScript: the called one and the waiting one alike.
 */
async function endingGivesEveryFanAnOutcome(world: LiveWorld, called: LiveFan) {
  const ended = await postForm(`/influencer/live/session/${world.liveSessionId}`, world.streamerCookie, [
    ["intent", "end"],
  ]);
  expect(ended.headers.get("Location")).toBe("/influencer/dashboard");
  expect((await toastOf(ended))?.kind).toBe("success");
  const page = await (await get(`/live/${world.liveSessionId}`, called.cookie)).text();
  expect(page).toContain("The session ended before your turn.");
  expect(page).not.toContain('data-testid="ready-banner"');
}

describe("the live page and the queue dashboard without JavaScript", () => {
  it("a fan joins, sees their place and wait, gets the lobby code only when playing next, and leaves", async () => {
    const world = await liveWorld({ noOfPlayers: 2, durationMinutes: 20 });
    const [first, second, third] = await Promise.all([liveFan(), liveFan(), liveFan()]);
    await unknownAndSignedOutPagesAnswer(world);
    await aJoinWithoutATagIsRefused(world, first);
    await fansJoinWithTheirTags(world, [first, second, third]);
    await theThirdSeesTheirPlaceAndWait(world, third);
    await theStreamerServesTheFirstWithTheLobbyCode(world, first, second);
    await theThirdLeavesAndIsRefusedVipWithoutTheTerms(world, third);
    await endingGivesEveryFanAnOutcome(world, second);
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
