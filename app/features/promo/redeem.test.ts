import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import {
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createPromoCode,
  createSlot,
  createStreamer,
  createUser,
  redeemPromo,
} from "~tests/factories";
import { givePromoUseBackStatement } from "./redeem.server";

describe("the promo give-back", () => {
  it("returns the use of an order that delivered nothing, and only of that one", async () => {
    const streamer = await createStreamer(env.DB);
    const platform = await createPlatform(env.DB, "pc");
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    const gig = await createGig(env.DB, streamer.id, game);
    const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + 86_400_000), { seats: 4 });
    const fans = [await createUser(env.DB), await createUser(env.DB)];
    const kept = await createBooking(
      env.DB,
      { id: slot.id, influencerId: streamer.id },
      (fans[0] as (typeof fans)[0]).id,
      "confirmed",
    );
    const gone = await createBooking(
      env.DB,
      { id: slot.id, influencerId: streamer.id },
      (fans[1] as (typeof fans)[1]).id,
      "cancelled",
    );
    const promo = await createPromoCode(env.DB, { code: "TEN" });
    for (const [i, booking] of [kept, gone].entries()) {
      await redeemPromo(env.DB, promo.id, { id: booking.orderId, userId: (fans[i] as (typeof fans)[0]).id }, 100);
    }
    const db = getDb(env);
    await db.batch([givePromoUseBackStatement(db, sql`(${kept.orderId}, ${gone.orderId})`)]);
    const left = await env.DB.prepare("SELECT order_id FROM promo_redemptions").all<{ order_id: string }>();
    expect(left.results.map((row) => row.order_id)).toEqual([kept.orderId]);
  });
});
