import { type CurrencyCode, RATE_SCALE } from "~/lib/money";
import { toUsdMinor } from "~/lib/money-math";
import { ACTIVE_QUEUE_STATES, type QueueLane, type QueueState, TITLE_MAX } from "~db/schema";
import {
  DAY,
  type FanRef,
  HISTORY_DAYS,
  HOUR,
  type LiveRef,
  lobbyCode,
  MINUTE,
  type Row,
  type SeedContext,
  type StreamerRef,
  truncate,
  USD_TO_INR,
} from "../shared";
import type { SeedOrdersOut } from "./orders";
import type { SeedFansOut, SeedStreamersOut } from "./people";

/**
 * A VIP price as its streamer set it: whole dollars, or rupees (₹124 to ₹499, within PRICE_BOUNDS_MINOR), with its USD
 * figure for sorting.
 */
function vipPrice(baseCurrency: CurrencyCode, units: number) {
  const listPriceMinor = baseCurrency === "INR" ? (units * 25 - 1) * 100 : units * 100;
  const priceMinor = toUsdMinor(listPriceMinor, baseCurrency, Math.round(USD_TO_INR * RATE_SCALE));
  return { listPriceMinor, baseCurrency, priceMinor };
}

/** Live sessions and their queues. */

/** Seed: live sessions and queues. */
export function seedLive(
  ctx: SeedContext,
  deps: Pick<SeedStreamersOut, "demoStreamer" | "otherStreamers" | "userRowById"> &
    Pick<SeedFansOut, "demoFan" | "fans"> &
    Pick<SeedOrdersOut, "createOrder" | "refundToWallet" | "validate">,
) {
  const { rnd, now, large, data, at, nextId } = ctx;
  const { createOrder, demoFan, demoStreamer, fans, otherStreamers, refundToWallet, userRowById, validate } = deps;
  const lives: LiveRef[] = [];
  const startLive = (streamer: StreamerRef, startedAt: number, endedAt: number | null) => {
    const gig = rnd.pick(streamer.gigs);
    const streaming = rnd.chance(0.75);
    const slug = streamer.handle.toLowerCase();
    const row: Row<"liveSessions"> = {
      id: nextId.live(),
      streamerId: streamer.id,
      title: truncate(`LIVE: ${gig.row.title}`, TITLE_MAX),
      description: gig.row.description ?? "",
      gameId: gig.game.id,
      gameModeId: gig.modeId,
      platformId: gig.platformId,
      ...vipPrice(streamer.country === "IN" ? "INR" : "USD", rnd.int(5, 20)),
      currency: "USD",
      isStreaming: streaming,
      streamingLink: streaming
        ? rnd.chance(0.5)
          ? `https://player.twitch.tv/?channel=${slug}&parent=localhost`
          : `https://www.youtube.com/embed/live_stream?channel=UC${rnd.string(22, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")}`
        : null,
      requirements: gig.row.requirements ?? [],
      bannerUrl: null,
      bannerKey: null,
      thumbnailUrl: null,
      thumbnailKey: null,
      startedAt: at(startedAt),
      endedAt: endedAt === null ? null : at(endedAt),
      createdAt: at(startedAt),
      updatedAt: at(endedAt ?? startedAt),
    };
    data.liveSessions.push(row);
    const tags = new Set(rnd.sample(gig.game.game.tags, rnd.int(1, 3)));
    tags.add("live");
    for (const tag of tags) data.liveSessionTags.push({ liveSessionId: row.id, tag });
    data.lobbyCodes.push({
      id: nextId.lobby(),
      slotId: null,
      liveSessionId: row.id,
      code: lobbyCode(rnd),
      createdAt: at(startedAt),
      updatedAt: at(startedAt),
    });
    const ref: LiveRef = { row, streamer, open: endedAt === null };
    lives.push(ref);
    return ref;
  };

  const nonDemoFans = fans.filter((fan) => fan !== demoFan);
  const fillQueue = (live: LiveRef, includeDemoFan: boolean) => {
    const startedAt = live.row.startedAt.getTime();
    const endedAt = live.row.endedAt?.getTime() ?? null;
    const span = (endedAt ?? now) - startedAt;
    const count = rnd.int(4, 12);
    const people = rnd.sample(nonDemoFans, count);
    if (includeDemoFan) people.push(demoFan);
    type Entry = { fan: FanRef; lane: QueueLane; joinedAt: number; position: number };
    const entries: Entry[] = people
      .map((fan, index) => ({
        fan,
        lane: (fan === demoFan ? "regular" : rnd.chance(0.25) ? "vip" : "regular") as QueueLane,
        joinedAt:
          fan === demoFan
            ? startedAt + Math.floor(span * 0.9)
            : startedAt + Math.floor((span * 0.85 * (index + rnd.next())) / count),
        position: 0,
      }))
      .sort((a, b) => a.joinedAt - b.joinedAt);
    entries.forEach((entry, index) => {
      entry.position = index + 1;
    });
    // Order of service: VIP before regular, then join order.
    const service = [...entries].sort((a, b) =>
      a.lane === b.lane ? a.position - b.position : a.lane === "vip" ? -1 : 1,
    );
    const doneCount = live.open ? rnd.int(1, 3) : service.length - rnd.int(0, 2);
    service.forEach((entry, index) => {
      let state: QueueState;
      if (live.open) {
        if (entry.fan === demoFan) state = "waiting";
        else if (index < doneCount) state = "done";
        else if (index === doneCount) state = "in_game";
        else if (index === doneCount + 1) state = "playing_next";
        else state = rnd.chance(0.1) ? "left" : "waiting";
      } else if (index < doneCount) state = "done";
      else state = entry.lane === "vip" ? "refunded" : "left";
      const finishedAt = (ACTIVE_QUEUE_STATES as readonly string[]).includes(state)
        ? null
        : Math.min(entry.joinedAt + rnd.int(5, 40) * MINUTE, endedAt ?? now - MINUTE);
      let orderId: string | null = null;
      if (entry.lane === "vip") {
        const order = createOrder({
          fan: entry.fan,
          streamerId: live.streamer.id,
          kind: "vip_queue",
          liveSessionId: live.row.id,
          list: {
            amountMinor: live.row.listPriceMinor ?? live.row.priceMinor,
            currency: live.row.baseCurrency ?? "USD",
          },
          seats: 1,
          // Paid (at most 6 minutes later) before the place is taken.
          createdAt: entry.joinedAt - 8 * MINUTE,
          paid: true,
          promoAllowed: false,
        });
        orderId = order.id;
        if (state === "refunded" && endedAt !== null) {
          // docs/domain.md: unserved VIP places are refunded to the wallet when the session ends.
          order.status = "refunded";
          order.refundedMinor = order.amountMinor;
          order.updatedAt = at(endedAt);
          refundToWallet(order, order.amountMinor, endedAt, "Live session ended before the VIP place was served");
        } else if (state === "done" && !live.open && rnd.chance(0.6)) {
          validate(order, (endedAt ?? now) + rnd.int(6, 48) * HOUR);
        }
      }
      data.queueEntries.push({
        id: nextId.queue(),
        liveSessionId: live.row.id,
        userId: entry.fan.id,
        lane: entry.lane,
        state,
        position: entry.position,
        orderId,
        gamertag: entry.fan.gamertag,
        joinedAt: at(entry.joinedAt),
        finishedAt: finishedAt === null ? null : at(finishedAt),
        updatedAt: at(finishedAt ?? entry.joinedAt),
      });
    });
  };

  const liveCandidates = otherStreamers.filter((streamer) => streamer.gigs.length > 0);
  const liveNow = rnd.sample(liveCandidates, Math.min(liveCandidates.length, large ? 40 : 4));
  liveNow.forEach((streamer, index) => {
    const live = startLive(streamer, now - rnd.int(10, 120) * MINUTE, null);
    const user = userRowById.get(streamer.id);
    if (user) user.liveSessionId = live.row.id;
    fillQueue(live, index === 0);
  });
  const endedCount = large ? 200 : 12;
  const endedHosts = [
    ...(demoStreamer.gigs.length > 0 ? [demoStreamer, demoStreamer] : []),
    ...rnd.sample(liveCandidates, Math.min(liveCandidates.length, endedCount)),
  ];
  for (const streamer of endedHosts.slice(0, endedCount)) {
    const startedAt = now - rnd.int(2, HISTORY_DAYS - 2) * DAY + rnd.int(12, 20) * HOUR;
    const live = startLive(streamer, startedAt, startedAt + rnd.int(60, 180) * MINUTE);
    fillQueue(live, false);
  }
  return { lives, nonDemoFans, liveNow };
}
export type SeedLiveOut = ReturnType<typeof seedLive>;
