import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { refundStreamerNoShows, startSlotSession } from "~/features/booking/index.server";
import { sendLiveCommand } from "~/features/live/coordinator.server";
import { placeOf } from "~/features/live/reads.server";
import { readPage } from "~tests/support/page";
import { createBooking, createGame, createGig, createPlatform, createSlot, createUser, viewerOf } from "../factories";
import { request } from "./app";
import { liveFan, liveWorld, post } from "./live-world";

/**
 * A streamer's reliability on their public page (docs/domain.md "Reliability"): the figures come from what the app
 * recorded through its own use cases (Start session, the no-show sweep, the VIP queue), and a new streamer reads
 * "Not enough sessions yet".
 */
const MINUTE = 60_000;

async function streamerPage(streamerId: string) {
  return readPage(await request(`/star/${streamerId}`));
}

describe("reliability on the streamer's page", () => {
  it("says 'Not enough sessions yet' for a new streamer", async () => {
    const world = await liveWorld();
    const page = await streamerPage(world.streamer.id);
    expect(page.textOf('[data-testid="reliability-none"]')).toBe("Not enough sessions yet.");
  });

  it("shows the starts, the VIP fans who played and their median wait as recorded", async () => {
    const world = await liveWorld({ priceMinor: 700 });
    const streamer = viewerOf(world.streamer);
    const game = await createGame(env.DB, {}, { platformIds: [(await createPlatform(env.DB, "pc")).id] });
    const gig = await createGig(env.DB, world.streamer.id, game);
    // Four booked sessions that came due: started at +0, +4 and +6 minutes, and one never started (a no-show).
    const late = [0, 4, 6];
    const base = Date.now() - 3 * 60 * MINUTE;
    for (const [index, minutes] of [...late, null].entries()) {
      const startsAt = new Date(base + index * 10 * MINUTE);
      const { id } = await createSlot(env.DB, world.streamer.id, gig.id, startsAt, {
        seats: 2,
        endsAt: new Date(startsAt.getTime() + 120 * MINUTE),
      });
      await createBooking(env.DB, { id, influencerId: world.streamer.id }, (await createUser(env.DB)).id, "confirmed");
      if (minutes === null) await refundStreamerNoShows(env, new Date(startsAt.getTime() + 60 * MINUTE));
      else await startSlotSession(env, streamer, id, new Date(startsAt.getTime() + minutes * MINUTE));
    }
    // Four VIP fans: three played, one was removed (refunded).
    const vips = [];
    for (let i = 0; i < 4; i++) {
      const fan = await liveFan(700);
      const joined = await post("/api/join_vip", fan.cookie, {
        liveSessionId: world.liveSessionId,
        acceptTerms: true,
        paymentMethod: "wallet",
        gamertag: `vip-${i}`,
      });
      expect(joined.status).toBe(200);
      vips.push((await placeOf(env, world.liveSessionId, fan.user.id))?.place?.entryId ?? "");
    }
    for (const entryId of vips.slice(0, 3)) {
      await sendLiveCommand(env, world.liveSessionId, { type: "serve", viewer: streamer, entryId, to: "in_game" });
      await sendLiveCommand(env, world.liveSessionId, { type: "serve", viewer: streamer, entryId, to: "done" });
    }
    await sendLiveCommand(env, world.liveSessionId, { type: "remove", viewer: streamer, entryId: vips[3] ?? "" });

    const page = await streamerPage(world.streamer.id);
    expect(page.textOf('[data-testid="reliability-on-time"]')).toBe("2 of the last 4 sessions");
    expect(page.textOf('[data-testid="reliability-vip"]')).toBe("3 of 4");
    // Served within the test, each in under a minute.
    expect(page.textOf('[data-testid="reliability-wait"]')).toBe("0 min");
  });
});
