import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { type LiveCommandResult, readBroadcast, sendLiveCommand } from "~/features/live/coordinator.server";
import { LIVE_COPY } from "~/features/live/copy";
import { LIVE_EVENTS, liveSocketPath, type UpdateUserPayload } from "~/features/live/events";
import { removeEntry } from "~/features/live/queue.server";
import { placeOf } from "~/features/live/reads.server";
import { missReadyCheck } from "~/features/live/ready-check.server";
import { buyPassWithWallet, setPassOffer } from "~/features/passes/index.server";
import { walletBalance } from "~/features/wallet/ledger.server";
import { getDb } from "~/platform/db.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { rejection } from "~tests/support/rejection";
import type { LiveSession } from "~workers/live-session";
import { viewerOf } from "../factories";
import { ORIGIN, postForm } from "./app";
import { get, liveFan, liveWorld, openSocket, post, until } from "./live-world";

/**
 * The ready check: a called fan confirms within the session's countdown, or misses it at its deadline (on the live
 * page or not: absence alone is not a miss): moved back behind the next 3, a regular place removed the second time, a VIP place removed
 * with its refund where the session says so, once however the removals race. Through the session's object.
 */
type World = Awaited<ReturnType<typeof liveWorld>>;

async function entryOf(world: World, userId: string): Promise<string> {
  const entryId = (await placeOf(env, world.liveSessionId, userId))?.place?.entryId;
  if (!entryId) throw new Error("the fan has no place");
  return entryId;
}

function call(world: World, entryId: string) {
  return sendLiveCommand(env, world.liveSessionId, {
    type: "serve",
    viewer: viewerOf(world.streamer),
    entryId,
    to: "playing_next",
  });
}

async function joinRegular(world: World, tag: string) {
  const fan = await liveFan();
  const joined = await post("/api/join_regular", fan.cookie, { liveSessionId: world.liveSessionId, gamertag: tag });
  expect(joined.status).toBe(200);
  return fan;
}

/** The fan's page: their socket open (present), and the latest view it was sent. */
async function onLivePage(world: World, cookie: string) {
  const socket = await openSocket(liveSocketPath(world.liveSessionId), cookie);
  await until(() => socket.last(LIVE_EVENTS.updateUser));
  const view = () => socket.last(LIVE_EVENTS.updateUser)?.data as UpdateUserPayload | undefined;
  return { socket, view };
}

/** The running ready check's deadline moved into the past, as if its countdown ran out. */
async function countdownRunsOut(entryId: string) {
  await env.DB.prepare("UPDATE queue_entries SET ready_deadline = ? WHERE id = ? AND ready_deadline IS NOT NULL")
    .bind(Date.now() - 1, entryId)
    .run();
}

const stubOf = (world: World) => env.LIVE_SESSION.getByName(world.liveSessionId);
const alarmOf = (world: World) => runInDurableObject(stubOf(world), (_, state) => state.storage.getAlarm());

describe("a regular fan away from the live page when called", () => {
  it("keeps the turn for the whole countdown, is alerted once per call, and is moved back only at the deadline", async () => {
    const world = await liveWorld();
    const fans = [];
    for (const tag of ["a", "b", "c", "d", "e"]) fans.push(await joinRegular(world, tag));
    const [a] = fans;
    if (!a) throw new Error("missing fans");
    const aEntry = await entryOf(world, a.user.id);
    const mailsOf = () => readOutbox(env.PRIVATE_FILES, { to: a.user.email ?? "" });

    const before = Date.now();
    await call(world, aEntry);
    // Called twice in a row: one ready check, one alert.
    await call(world, aEntry);
    const called = await readBroadcast(env, world.liveSessionId, 1);
    const ready = called.fanPayload(a.user.id).place?.ready;
    expect(ready?.state).toBe("pending");
    const deadline = ready?.state === "pending" ? ready.deadline : 0;
    expect(deadline).toBeGreaterThanOrEqual(before + 120_000);
    expect(await alarmOf(world)).toBe(deadline);
    expect(called.publicPayload().line.map((place) => place.name)).toEqual(["a", "b", "c", "d", "e"]);
    expect(called.fanPayload(a.user.id).history.map((step) => step.kind)).toEqual(["called"]);
    // Not subscribed to push: the alert went by email at once, with the call's one-tap link.
    const first = await mailsOf();
    expect(first.map((mail) => mail.subject)).toEqual([`You're up with ${world.streamer.fullName}`]);
    expect(first[0]?.text).toContain(`/live/${world.liveSessionId}/ready?`);
    expect(called.streamerPayload().entries.find((entry) => entry.id === aEntry)?.alert).toBe("emailed");

    await countdownRunsOut(aEntry);
    await runDurableObjectAlarm(stubOf(world));
    const after = await readBroadcast(env, world.liveSessionId, 2);
    expect(after.publicPayload().line.map((place) => place.name)).toEqual(["b", "c", "d", "a", "e"]);
    expect(after.fanPayload(a.user.id).place).toMatchObject({ state: "waiting", line: 4, ready: null });
    const board = after.streamerPayload();
    expect(board.entries.find((entry) => entry.id === aEntry)?.readyMisses).toBe(1);
    expect(board.history.map((step) => `${step.username}:${step.kind}:${step.cause}`)).toEqual([
      `${a.user.username}:moved_back:absent`,
      `${a.user.username}:called:null`,
    ]);
    expect(await alarmOf(world)).toBeNull();

    // Called again: a new call is a new alert; its deadline removes the place.
    await call(world, aEntry);
    expect(await mailsOf()).toHaveLength(2);
    await countdownRunsOut(aEntry);
    await runDurableObjectAlarm(stubOf(world));
    const second = await readBroadcast(env, world.liveSessionId, 3);
    expect(second.fanPayload(a.user.id).place).toBeNull();
    expect(second.fanPayload(a.user.id).history[0]).toMatchObject({ kind: "removed", cause: "absent", refund: null });
    expect(second.publicPayload().line.map((place) => place.name)).toEqual(["b", "c", "d", "e"]);
    const state = await env.DB.prepare("SELECT state FROM queue_entries WHERE id = ?").bind(aEntry).first();
    expect(state).toEqual({ state: "removed" });
  });

  it("on the page at the deadline and not confirming reads 'did not confirm'", async () => {
    const world = await liveWorld();
    const fan = await joinRegular(world, "solo");
    const entryId = await entryOf(world, fan.user.id);
    const page = await onLivePage(world, fan.cookie);
    await call(world, entryId);
    await until(() => page.view()?.place?.ready?.state === "pending");
    await countdownRunsOut(entryId);
    await runDurableObjectAlarm(stubOf(world));
    const view = await until(() => (page.view()?.history[0]?.kind === "moved_back" ? page.view() : null));
    expect(view.history[0]?.cause).toBe("not_confirmed");
    page.socket.close();
  });
});

describe("a VIP fan who does not confirm, where the session removes missed VIP places", () => {
  async function calledVip() {
    const world = await liveWorld({ priceMinor: 700 });
    const streamer = viewerOf(world.streamer);
    await sendLiveCommand(env, world.liveSessionId, {
      type: "turnRules",
      viewer: streamer,
      vipPerRegular: null,
      rejoinCooldown: 0,
      readySeconds: 30,
      vipMissed: "remove",
    });
    const fan = await liveFan(700);
    const joined = await post("/api/join_vip", fan.cookie, {
      liveSessionId: world.liveSessionId,
      acceptTerms: true,
      paymentMethod: "wallet",
      gamertag: "vip-tag",
    });
    expect(joined.status).toBe(200);
    const entryId = await entryOf(world, fan.user.id);
    const page = await onLivePage(world, fan.cookie);
    const before = Date.now();
    await call(world, entryId);
    // The countdown runs (30 s), and the object's one alarm is set at its deadline.
    const view = await until(() => (page.view()?.place?.ready?.state === "pending" ? page.view() : null));
    const deadline = view.place?.ready?.state === "pending" ? view.place.ready.deadline : 0;
    expect(deadline).toBeGreaterThanOrEqual(before + 30_000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 30_000);
    expect(await alarmOf(world)).toBe(deadline);
    return { world, streamer, fan, entryId, page };
  }

  async function ledgerOf(userId: string, entryId: string) {
    const refunds = await env.DB.prepare(
      "SELECT r.amount_minor, r.status, r.reason FROM refunds r JOIN queue_entries q ON q.order_id = r.order_id WHERE q.id = ?",
    )
      .bind(entryId)
      .all();
    const events = await env.DB.prepare("SELECT kind, refund_minor FROM queue_events WHERE entry_id = ? ORDER BY at")
      .bind(entryId)
      .all();
    const place = await env.DB.prepare("SELECT state FROM queue_entries WHERE id = ?").bind(entryId).first();
    return {
      balance: await walletBalance(getDb(env), userId, "USD"),
      refunds: refunds.results,
      events: events.results,
      place,
    };
  }

  const REFUNDED = {
    refunds: [
      { amount_minor: 700, status: "succeeded", reason: "VIP place removed: the fan missed their ready check" },
    ],
    events: [
      { kind: "called", refund_minor: null },
      { kind: "refunded", refund_minor: 700 },
    ],
    place: { state: "refunded" },
    balance: 700,
  };

  it("paid with a VIP pass, is removed with the pass's use given back, and the page says so (not a refund)", async () => {
    const world = await liveWorld({ priceMinor: 700 });
    const streamer = viewerOf(world.streamer);
    await sendLiveCommand(env, world.liveSessionId, {
      type: "turnRules",
      viewer: streamer,
      vipPerRegular: null,
      rejoinCooldown: 0,
      readySeconds: 30,
      vipMissed: "remove",
    });
    await setPassOffer(env, streamer, { places: 2, price: 20, validDays: 30, active: true });
    const fan = await liveFan(2_000);
    await buyPassWithWallet(env, viewerOf(fan.user), world.streamer.id);
    const joined = await post("/api/join_vip", fan.cookie, {
      liveSessionId: world.liveSessionId,
      acceptTerms: true,
      paymentMethod: "pass",
      gamertag: "pass-tag",
    });
    expect(joined.status).toBe(200);
    const entryId = await entryOf(world, fan.user.id);
    const page = await onLivePage(world, fan.cookie);
    await call(world, entryId);
    await until(() => (page.view()?.place?.ready?.state === "pending" ? page.view() : null));
    await countdownRunsOut(entryId);
    await runDurableObjectAlarm(stubOf(world));

    // The use came back (no money moved), once.
    const uses = await env.DB.prepare("SELECT kind FROM pass_entries WHERE user_id = ? ORDER BY created_at")
      .bind(fan.user.id)
      .all<{ kind: string }>();
    expect(uses.results.map((row) => row.kind)).toEqual(["purchase", "use", "return"]);
    expect(await walletBalance(getDb(env), fan.user.id, "USD")).toBe(0);
    // The notice, the fan's page and the queue's history say the pass's place is back, not a refund.
    const notice = await until(() => page.socket.last(LIVE_EVENTS.notice));
    expect(notice.data.message).toBe(LIVE_COPY.missedPassReturned);
    const told = await until(() => page.view()?.history.find((step) => step.kind === "refunded"));
    expect(told.passUse).toBe(true);
    const html = await (await get(`/live/${world.liveSessionId}`, fan.cookie)).text();
    expect(html).toContain(LIVE_COPY.missedPassReturned);
    expect(html).not.toContain("refund of");
    page.socket.close();
  });

  it("is removed with the refund owed once when the alarm and the streamer's skip race", async () => {
    const { world, streamer, fan, entryId, page } = await calledVip();
    await countdownRunsOut(entryId);
    const [alarm, skip] = await Promise.allSettled([
      runDurableObjectAlarm(stubOf(world)),
      sendLiveCommand(env, world.liveSessionId, { type: "skip", viewer: streamer, entryId }),
    ]);
    expect(alarm.status).toBe("fulfilled");
    // Whichever came second found the check over: the skip is refused then, the alarm changes nothing.
    if (skip.status === "rejected") expect((skip.reason as { status: number }).status).toBe(409);
    expect(await ledgerOf(fan.user.id, entryId)).toEqual(REFUNDED);
    // The fan's page says what happened, with the amount.
    const told = await until(() => page.view()?.history.find((step) => step.kind === "refunded"));
    expect(told.refund).toEqual({ amountMinor: 700, currency: "USD" });
    expect(page.view()?.place).toBeNull();
    expect(await alarmOf(world)).toBeNull();
    page.socket.close();
  });

  it("is refunded once when the timeout, the skip and the streamer's remove reach the database at once", async () => {
    const { streamer, fan, entryId, page } = await calledVip();
    page.socket.close();
    await countdownRunsOut(entryId);
    const settled = await Promise.allSettled([
      missReadyCheck(env, { entryId, cause: "timeout" }),
      missReadyCheck(env, { entryId, cause: "skip", viewer: streamer }),
      removeEntry(env, streamer, entryId),
    ]);
    expect(settled.filter((one) => one.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    const ledger = await ledgerOf(fan.user.id, entryId);
    expect(ledger.balance).toBe(700);
    expect(ledger.refunds).toHaveLength(1);
    expect(ledger.place).toEqual({ state: "refunded" });
  });
});

describe("a fan who confirms in time", () => {
  it("keeps their turn, by the socket or the plain form, and a late confirm is refused", async () => {
    const world = await liveWorld();
    const first = await joinRegular(world, "first");
    const second = await joinRegular(world, "second");
    const firstEntry = await entryOf(world, first.user.id);
    const secondEntry = await entryOf(world, second.user.id);
    const firstPage = await onLivePage(world, first.cookie);
    const secondPage = await onLivePage(world, second.cookie);

    // By the socket (the page's Confirm button with JavaScript).
    await call(world, firstEntry);
    await until(() => firstPage.view()?.place?.ready?.state === "pending");
    firstPage.socket.send({ event: LIVE_EVENTS.ready, data: { entryId: firstEntry } });
    await until(() => firstPage.view()?.place?.ready?.state === "confirmed");
    expect(await alarmOf(world)).toBeNull();
    // The alarm, had it fired anyway, changes nothing; the streamer starts the game.
    await countdownRunsOut(firstEntry);
    await runDurableObjectAlarm(stubOf(world));
    expect((await placeOf(env, world.liveSessionId, first.user.id))?.place?.state).toBe("playing_next");
    await sendLiveCommand(env, world.liveSessionId, {
      type: "serve",
      viewer: viewerOf(world.streamer),
      entryId: firstEntry,
      to: "in_game",
    });

    // By the plain form (without JavaScript), while the fan's socket is open elsewhere.
    await call(world, secondEntry);
    const confirmed = await postForm(
      `/live/${world.liveSessionId}`,
      { intent: "ready", entryId: secondEntry },
      { Cookie: second.cookie, Origin: ORIGIN },
    );
    expect(confirmed.status).toBe(302);
    const board = (await readBroadcast(env, world.liveSessionId, 9)).streamerPayload();
    expect(board.entries.find((entry) => entry.id === secondEntry)?.ready).toEqual({ state: "confirmed" });
    expect(board.history.map((step) => step.kind)).toEqual(["confirmed", "called", "confirmed", "called"]);

    // Another fan cannot confirm for them; a confirm after the countdown is refused.
    const third = await joinRegular(world, "third");
    const thirdEntry = await entryOf(world, third.user.id);
    const thirdPage = await onLivePage(world, third.cookie);
    await call(world, thirdEntry);
    // Without JavaScript the fan's page pins "Ready?" with its Confirm form; the dashboard offers Skip.
    const fanPage = await (await get(`/live/${world.liveSessionId}`, third.cookie)).text();
    expect(fanPage).toMatch(/data-testid="ready-banner"[^>]*>.*Ready\? <span[^>]*>[0-9]:[0-5][0-9]</s);
    expect(fanPage).toMatch(/<button[^>]*value="ready"[^>]*>Confirm</);
    const dashboard = await (await get(`/influencer/live/session/${world.liveSessionId}`, world.streamerCookie)).text();
    expect(dashboard).toContain(`aria-label="Skip: ${third.user.username}"`);
    expect(dashboard).toContain(`${third.user.username} called: ready check started`);
    const confirmBy = async (user: typeof first.user) =>
      (
        await rejection(
          sendLiveCommand(env, world.liveSessionId, { type: "ready", viewer: viewerOf(user), entryId: thirdEntry }),
        )
      ).status;
    expect(await confirmBy(first.user)).toBe(403);
    await countdownRunsOut(thirdEntry);
    expect(await confirmBy(third.user)).toBe(409);
    for (const page of [firstPage, secondPage, thirdPage]) page.socket.close();
  });
});

describe("a ready-check alarm whose run is refused", () => {
  const REFUSED: LiveCommandResult = { ok: false, status: 503, message: "The queue is busy: try again" };

  /** The object's next command comes back refused, as a use case's AppError does through the coordinator. */
  function refuseNextCommand(instance: LiveSession) {
    Object.defineProperty(instance, "command", {
      configurable: true,
      value: async () => {
        // Once: the class's own `command` answers again after this one.
        delete (instance as { command?: unknown }).command;
        return REFUSED;
      },
    });
  }

  /** The JSON lines `console.error` was given while `run` ran. */
  async function errorLinesOf<T>(run: () => Promise<T>): Promise<{ value: T; lines: Record<string, unknown>[] }> {
    const lines: Record<string, unknown>[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((text: unknown) => {
      lines.push(JSON.parse(String(text)));
    });
    try {
      return { value: await run(), lines };
    } finally {
      spy.mockRestore();
    }
  }

  it("is logged and set again 15 s later, and on that run the check expires", async () => {
    const world = await liveWorld();
    const fan = await joinRegular(world, "late");
    const entryId = await entryOf(world, fan.user.id);
    const page = await onLivePage(world, fan.cookie);
    await call(world, entryId);
    await until(() => page.view()?.place?.ready?.state === "pending");
    await countdownRunsOut(entryId);

    await runInDurableObject(stubOf(world), (instance: LiveSession) => refuseNextCommand(instance));
    const before = Date.now();
    const refused = await errorLinesOf(() => runDurableObjectAlarm(stubOf(world)));
    const after = Date.now();
    expect(refused.value).toBe(true);
    expect(refused.lines).toContainEqual(
      expect.objectContaining({
        level: "error",
        event: "live.ready_alarm_failed",
        liveSessionId: world.liveSessionId,
        message: REFUSED.message,
      }),
    );
    // Set again 15 s after the refused run, the check still running meanwhile.
    const retry = await alarmOf(world);
    expect(retry).toBeGreaterThanOrEqual(before + 15_000);
    expect(retry).toBeLessThanOrEqual(after + 15_000);
    expect((await placeOf(env, world.liveSessionId, fan.user.id))?.place?.state).toBe("playing_next");

    // The retry runs the check out: the fan is moved back, told, and no alarm is left.
    const retried = await errorLinesOf(() => runDurableObjectAlarm(stubOf(world)));
    expect([retried.value, retried.lines]).toEqual([true, []]);
    expect((await placeOf(env, world.liveSessionId, fan.user.id))?.place?.state).toBe("waiting");
    const told = await until(() => page.view()?.history.find((step) => step.kind === "moved_back"));
    expect(told.kind).toBe("moved_back");
    expect(await alarmOf(world)).toBeNull();
    page.socket.close();
  });
});
