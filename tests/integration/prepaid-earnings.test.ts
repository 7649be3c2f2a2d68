import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { placeOrder } from "~/features/booking/index.server";
import { sendLiveCommand } from "~/features/live/coordinator.server";
import { placeOf } from "~/features/live/reads.server";
import { joinVipWithPass } from "~/features/live/vip-pass.server";
import { buyPack, setPackOffer } from "~/features/packs/index.server";
import { buyPassWithWallet, setPassOffer } from "~/features/passes/index.server";
import { activatePayout } from "~/features/payouts/admin-payouts.server";
import { streamerBalance } from "~/features/payouts/balance.server";
import { completePayouts } from "~/features/payouts/complete.server";
import { createPayout, remainingOrders } from "~/features/payouts/create.server";
import { markOrdersPlayed, ordersForValidation } from "~/features/payouts/validations.server";
import { createGame, createLiveSession, createPlatform, createUser, creditWallet, viewerOf } from "../factories";
import { bookingWorld, fan } from "./booking-world";

const DAY = 86_400_000;

/**
 * Money paid in advance is earned when it is used (ADR 027, ADR 032): buying a session pack or a VIP pass earns the
 * streamer nothing; a credit booked and played, or a pass's VIP place served, earns its value; and the streamer's
 * earnings equal completed payouts plus what remains, in each currency.
 */
describe("a pack's and a pass's revenue", () => {
  it("is earned when a credit or a pass use is used, and earnings = completed payouts + remaining per currency", async () => {
    const world = await bookingWorld({ priceMinor: 1000, startsInMs: 3 * DAY, seats: 2 });
    await env.DB.prepare("UPDATE influencer_profiles SET is_verified = 1, verified_at = ? WHERE user_id = ?")
      .bind(Date.now(), world.streamer.id)
      .run();
    const streamer = viewerOf(world.streamer);
    await setPackOffer(env, streamer, world.gig.id, { sessions: 3, price: 25, validDays: 90, active: true });
    await setPassOffer(env, streamer, { places: 2, price: 15, validDays: 30, active: true });
    const buyer = await fan();
    await creditWallet(env.DB, buyer.user.id, 10_000);
    const viewer = viewerOf(buyer.user);
    await buyPack(env, viewer, world.gig.id, { paymentMethod: "wallet" });
    await buyPassWithWallet(env, viewer, world.streamer.id);

    // Bought, nothing is earned yet.
    expect((await streamerBalance(env, streamer, world.streamer.id)).earned).toBe(0);

    // A credit books a seat (834 = 2500 over 3, rounded up); a pass's place is served (750 = 1500 over 2).
    await placeOrder(
      env,
      viewer,
      {
        slotId: world.slot.id,
        numberOfPlayers: 1,
        multipleGamerTags: ["Tag"],
        promoCode: undefined,
        paymentMethod: "credit",
      },
      "http://localhost",
    );
    const platform = await createPlatform(env.DB, "console");
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    const live = await createLiveSession(env.DB, world.streamer.id, game, { priceMinor: 700 });
    await joinVipWithPass(env, viewer, live.id, "pass-tag");
    const entryId = (await placeOf(env, live.id, buyer.user.id))?.place?.entryId ?? "";
    await sendLiveCommand(env, live.id, { type: "serve", viewer: streamer, entryId, to: "in_game" });
    await sendLiveCommand(env, live.id, { type: "serve", viewer: streamer, entryId, to: "done" });

    const used = await streamerBalance(env, streamer, world.streamer.id);
    expect(used.earned).toBe(834 + 750);
    expect(used.earned).toBe(used.paidOut + used.inPayouts + used.payable + used.toValidate);

    // Played, validated, paid out and completed: the identity holds, and the payout carries exactly what was used.
    const admin = viewerOf(await createUser(env.DB, { role: "admin" }));
    const finance = viewerOf(await createUser(env.DB, { role: "finance" }));
    const at = new Date(Date.now() + 15 * DAY);
    const toValidate = (await ordersForValidation(env, admin, world.streamer.id, at)).map((order) => order.id);
    expect(toValidate).toHaveLength(2);
    await markOrdersPlayed(env, admin, world.streamer.id, toValidate, at);
    const period = { startTime: new Date(Date.now() - DAY), endTime: at };
    const { orders } = await remainingOrders(env, finance, world.streamer.id, period);
    const created = await createPayout(env, finance, {
      influencerId: world.streamer.id,
      ...period,
      mergedOrders: orders.map((order) => order.id),
    });
    for (const payout of created.payouts) await activatePayout(env, finance, payout.id);
    await completePayouts(
      env,
      finance,
      created.payouts.map((payout) => payout.id),
    );
    const paid = await streamerBalance(env, streamer, world.streamer.id);
    expect(paid.paidOut).toBe(834 + 750);
    expect(paid.earned).toBe(paid.paidOut + paid.inPayouts + paid.payable + paid.toValidate);
    // In the currency the pack and the pass were paid in: earned = paid out, nothing left in any other bucket.
    const whole = [{ amountMinor: 834 + 750, currency: "USD" }];
    expect(paid.inCurrency.earned).toEqual(whole);
    expect(paid.inCurrency.paidOut).toEqual(whole);
    for (const bucket of ["inPayouts", "payable", "toValidate"] as const) {
      expect(
        paid.inCurrency[bucket].reduce((sum, amount) => sum + amount.amountMinor, 0),
        bucket,
      ).toBe(0);
    }
  });
});
