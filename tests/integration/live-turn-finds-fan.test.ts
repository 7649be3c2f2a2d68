import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readBroadcast, sendLiveCommand } from "~/features/live/coordinator.server";
import { placeOf } from "~/features/live/reads.server";
import { walletBalance } from "~/features/wallet/ledger.server";
import { getDb } from "~/platform/db.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { readPage } from "~tests/support/page";
import { viewerOf } from "../factories";
import { postForm } from "./app";
import { get, liveFan, liveWorld, post } from "./live-world";

/**
 * A turn that finds the fan (docs/domain.md "Ready check"): the one-tap ready link of the alert email, the plain
 * "I'm ready" form without JavaScript, party picks with their backfill and the lobby code to the whole party, and an
 * outcome for every fan when the session ends.
 */
type World = Awaited<ReturnType<typeof liveWorld>>;

async function join(world: World, tag: string, walletMinor = 0) {
  const fan = await liveFan(walletMinor);
  const joined = await post("/api/join_regular", fan.cookie, { liveSessionId: world.liveSessionId, gamertag: tag });
  expect(joined.status).toBe(200);
  return fan;
}

async function entryOf(world: World, userId: string): Promise<string> {
  const entryId = (await placeOf(env, world.liveSessionId, userId))?.place?.entryId;
  if (!entryId) throw new Error("the fan has no place");
  return entryId;
}

const call = (world: World, entryId: string) =>
  sendLiveCommand(env, world.liveSessionId, {
    type: "serve",
    viewer: viewerOf(world.streamer),
    entryId,
    to: "playing_next",
  });

/** The ready link of the fan's latest alert email (a path), or null. */
async function readyLinkOf(email: string): Promise<string | null> {
  const [latest] = await readOutbox(env.PRIVATE_FILES, { to: email });
  const found = latest?.text.match(/https?:\/\/[^/\s]+(\/live\/[^\s]+\/ready\?[^\s]+)/);
  return found?.[1] ?? null;
}

async function stateOf(entryId: string) {
  return env.DB.prepare("SELECT state, ready_deadline, ready_confirmed_at FROM queue_entries WHERE id = ?")
    .bind(entryId)
    .first<{ state: string; ready_deadline: number | null; ready_confirmed_at: number | null }>();
}

describe("the one-tap ready link", () => {
  it("shows the countdown without confirming, confirms once by its button, and is refused after", async () => {
    const world = await liveWorld();
    const fan = await join(world, "linky");
    const entryId = await entryOf(world, fan.user.id);
    await call(world, entryId);
    const link = await readyLinkOf(fan.user.email ?? "");
    if (!link) throw new Error("no ready link in the alert email");

    // Opening the link (a mail scanner, or the fan) confirms nothing: it shows the button. No sign-in needed.
    const opened = await readPage(await get(link));
    expect(opened.textOf('[data-testid="ready-link-page"] button')).toBe("I'm ready");
    expect((await stateOf(entryId))?.ready_deadline).not.toBeNull();

    const query = new URL(link, "http://x").searchParams;
    const fields = { e: query.get("e") ?? "", d: query.get("d") ?? "", sig: query.get("sig") ?? "" };
    const confirmed = await postForm(link, fields);
    expect(confirmed.status).toBe(302);
    expect(await stateOf(entryId)).toMatchObject({ state: "playing_next", ready_deadline: null });
    const after = await readPage(await get(link));
    expect(after.textOf('[data-testid="ready-link-state"]')).toBe("You're ready: the streamer will start your game.");

    // Used: a second tap is refused, and a tampered link is refused outright.
    expect((await postForm(link, fields)).status).toBe(409);
    expect((await postForm(link, { ...fields, sig: `${fields.sig.slice(0, -2)}xx` })).status).toBe(403);
    expect((await get(link.replace(/sig=[^&]+/, "sig=forged"))).status).toBe(403);
  });

  it("of an earlier call does not confirm a later one", async () => {
    const world = await liveWorld();
    const fan = await join(world, "early");
    for (const tag of ["x", "y", "z"]) await join(world, tag);
    const entryId = await entryOf(world, fan.user.id);
    await call(world, entryId);
    const first = await readyLinkOf(fan.user.email ?? "");
    await env.DB.prepare("UPDATE queue_entries SET ready_deadline = ? WHERE id = ?")
      .bind(Date.now() - 1, entryId)
      .run();
    await runDurableObjectAlarm(env.LIVE_SESSION.getByName(world.liveSessionId));
    await call(world, entryId);
    const second = await readyLinkOf(fan.user.email ?? "");
    expect(second).not.toBe(first);
    const fieldsOf = (link: string) => Object.fromEntries(new URL(link, "http://x").searchParams);
    expect((await postForm(first ?? "", fieldsOf(first ?? ""))).status).toBe(409);
    expect((await postForm(second ?? "", fieldsOf(second ?? ""))).status).toBe(302);
  });

  it("has a plain 'I'm ready' form on the live page for a called fan without JavaScript", async () => {
    const world = await liveWorld();
    const fan = await join(world, "nojs");
    const entryId = await entryOf(world, fan.user.id);
    await call(world, entryId);
    const page = await readPage(await get(`/live/${world.liveSessionId}`, fan.cookie));
    expect(page.all('[data-testid="ready-banner"] button[name="intent"][value="ready"]')).toHaveLength(1);
    const confirmed = await postForm(
      `/live/${world.liveSessionId}`,
      { intent: "ready", entryId },
      { Cookie: fan.cookie },
    );
    expect(confirmed.status).toBe(302);
    expect((await stateOf(entryId))?.ready_confirmed_at).not.toBeNull();
  });
});

describe("a party pick", () => {
  it("calls the next 4 in the order of service, backfills a miss from the line, and sends the lobby code to all", async () => {
    const world = await liveWorld();
    const fans = [];
    for (const tag of ["p1", "p2", "p3", "p4", "p5", "p6"]) fans.push(await join(world, tag));
    const streamer = viewerOf(world.streamer);
    await sendLiveCommand(env, world.liveSessionId, { type: "callParty", viewer: streamer, size: 4 });
    const called = await readBroadcast(env, world.liveSessionId, 1);
    const stateByTag = () =>
      Object.fromEntries(called.streamerPayload().entries.map((entry) => [entry.gamertag, entry.state]));
    expect(stateByTag()).toEqual({
      p1: "playing_next",
      p2: "playing_next",
      p3: "playing_next",
      p4: "playing_next",
      p5: "waiting",
      p6: "waiting",
    });
    // Each called fan was alerted (email: no push subscription).
    for (const fan of fans.slice(0, 4)) expect(await readyLinkOf(fan.user.email ?? "")).not.toBeNull();
    expect(await readyLinkOf(fans[4]?.user.email ?? "")).toBeNull();

    // p2 misses: p5 is called in their stead at once.
    const p2 = await entryOf(world, fans[1]?.user.id ?? "");
    await env.DB.prepare("UPDATE queue_entries SET ready_deadline = ? WHERE id = ?")
      .bind(Date.now() - 1, p2)
      .run();
    await runDurableObjectAlarm(env.LIVE_SESSION.getByName(world.liveSessionId));
    const after = await readBroadcast(env, world.liveSessionId, 2);
    const states = Object.fromEntries(after.streamerPayload().entries.map((entry) => [entry.gamertag, entry.state]));
    expect(states).toMatchObject({ p2: "waiting", p5: "playing_next", p6: "waiting" });
    expect(await readyLinkOf(fans[4]?.user.email ?? "")).not.toBeNull();

    // The lobby code reaches every called fan in one step.
    await sendLiveCommand(env, world.liveSessionId, { type: "lobbyCode", viewer: streamer, code: "SQUAD-42" });
    for (const index of [0, 2, 3, 4]) {
      const [latest] = await readOutbox(env.PRIVATE_FILES, { to: fans[index]?.user.email ?? "" });
      expect(latest?.subject).toBe(`Lobby code from ${world.streamer.fullName}: SQUAD-42`);
    }
    const [p6Mail] = await readOutbox(env.PRIVATE_FILES, { to: fans[5]?.user.email ?? "" });
    expect(p6Mail).toBeUndefined();
  });

  it("refuses a party of 0 or 11, and anyone but the streamer", async () => {
    const world = await liveWorld();
    const fan = await join(world, "solo");
    const page = `/influencer/live/session/${world.liveSessionId}`;
    for (const size of ["0", "11", "two"]) {
      const refused = await postForm(page, { intent: "callParty", size }, { Cookie: world.streamerCookie });
      expect(refused.status).toBe(400);
    }
    await expect(
      sendLiveCommand(env, world.liveSessionId, { type: "callParty", viewer: viewerOf(fan.user), size: 2 }),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe("the end of a session", () => {
  it("gives every fan a final outcome, no countdown, and a step of the history each", async () => {
    const world = await liveWorld({ priceMinor: 700 });
    const streamer = viewerOf(world.streamer);
    const playing = await join(world, "ingame");
    const called = await join(world, "called");
    const waiting = await join(world, "waiting");
    const vip = await liveFan(700);
    expect(
      (
        await post("/api/join_vip", vip.cookie, {
          liveSessionId: world.liveSessionId,
          acceptTerms: true,
          paymentMethod: "wallet",
          gamertag: "vip",
        })
      ).status,
    ).toBe(200);
    const vipEntry = await entryOf(world, vip.user.id);
    const playingEntry = await entryOf(world, playing.user.id);
    await sendLiveCommand(env, world.liveSessionId, {
      type: "serve",
      viewer: streamer,
      entryId: playingEntry,
      to: "in_game",
    });
    await call(world, await entryOf(world, called.user.id));
    await call(world, vipEntry);

    await sendLiveCommand(env, world.liveSessionId, { type: "end", viewer: streamer });
    const ended = await readBroadcast(env, world.liveSessionId, 9);
    expect(ended.fanPayload(playing.user.id)).toMatchObject({ place: null, ending: { outcome: "played" } });
    expect(ended.fanPayload(called.user.id)).toMatchObject({ place: null, ending: { outcome: "not_reached" } });
    expect(ended.fanPayload(waiting.user.id)).toMatchObject({ place: null, ending: { outcome: "not_reached" } });
    expect(ended.fanPayload(vip.user.id)).toMatchObject({
      place: null,
      ending: { outcome: "refunded", refund: { amountMinor: 700, currency: "USD" } },
    });
    expect(await walletBalance(getDb(env), vip.user.id, "USD")).toBe(700);
    const running = await env.DB.prepare(
      "SELECT count(*) AS n FROM queue_entries WHERE live_session_id = ? AND (ready_deadline IS NOT NULL OR state IN ('waiting', 'playing_next', 'in_game'))",
    )
      .bind(world.liveSessionId)
      .first<{ n: number }>();
    expect(running?.n).toBe(0);
    const history = ended.streamerPayload().history.filter((step) => step.cause === "session_ended");
    expect(history.map((step) => `${step.username}:${step.kind}`).sort()).toEqual(
      [
        `${playing.user.username}:played`,
        `${called.user.username}:removed`,
        `${waiting.user.username}:removed`,
        `${vip.user.username}:refunded`,
      ].sort(),
    );
    expect(history.find((step) => step.kind === "refunded")?.refund).toEqual({ amountMinor: 700, currency: "USD" });
    // The fan's page says it in words, without JavaScript, and shows no countdown.
    const page = await readPage(await get(`/live/${world.liveSessionId}`, called.cookie));
    expect(page.textOf('[data-testid="my-ending"]')).toContain("The session ended before your turn.");
    expect(page.all('[data-testid="ready-banner"]')).toHaveLength(0);
    // Ending again changes nothing.
    await sendLiveCommand(env, world.liveSessionId, { type: "end", viewer: streamer });
    expect(await walletBalance(getDb(env), vip.user.id, "USD")).toBe(700);
  });

  it("writes the streamer's removals into the history with the refund", async () => {
    const world = await liveWorld({ priceMinor: 700 });
    const streamer = viewerOf(world.streamer);
    const regular = await join(world, "gone");
    const vip = await liveFan(700);
    await post("/api/join_vip", vip.cookie, {
      liveSessionId: world.liveSessionId,
      acceptTerms: true,
      paymentMethod: "wallet",
      gamertag: "vip",
    });
    for (const fan of [regular, vip]) {
      const entryId = await entryOf(world, fan.user.id);
      await sendLiveCommand(env, world.liveSessionId, { type: "remove", viewer: streamer, entryId });
    }
    const view = await readBroadcast(env, world.liveSessionId, 3);
    expect(view.streamerPayload().history.map((step) => [step.username, step.kind, step.cause, step.refund])).toEqual([
      [vip.user.username, "refunded", "streamer", { amountMinor: 700, currency: "USD" }],
      [regular.user.username, "removed", "streamer", null],
    ]);
  });
});
