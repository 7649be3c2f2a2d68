import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fullRefundDeadline, partialRefundDeadline } from "~/features/booking/cancellation-policy";
import { cancellationTermsLine } from "~/features/booking/confirmation.server";
import { placeOrder } from "~/features/booking/purchase.server";
import { formatWhen } from "~/features/time";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { creditWallet, viewerOf } from "../factories";
import { bookingWorld, fan } from "./booking-world";

/**
 * A message states the terms that apply when it is sent (issue 50): a booking made on 28 Nov for a session on 28 Nov
 * was told "Cancel before Fri 27 Nov for a full refund".
 */
const HOUR = 3_600_000;
const ZONE = "Asia/Kolkata";

describe("the confirmation's cancellation terms", () => {
  const startsAt = new Date("2026-11-28T20:00:00Z");

  it("promise the full refund only while it is still to be had", () => {
    const early = cancellationTermsLine(startsAt, new Date(startsAt.getTime() - 3 * 24 * HOUR), ZONE);
    expect(early).toContain(`Cancel before ${formatWhen(fullRefundDeadline(startsAt), ZONE)} for a full refund`);
    const late = cancellationTermsLine(startsAt, new Date(startsAt.getTime() - 10 * HOUR), ZONE);
    expect(late).not.toContain(formatWhen(fullRefundDeadline(startsAt), ZONE));
    expect(late).toBe(
      `You booked within 24 hours of the start, so a full refund no longer applies: cancel before ${formatWhen(partialRefundDeadline(startsAt), ZONE)} for 50% back; later, no refund (the Cancellation Policy).`,
    );
    const last = cancellationTermsLine(startsAt, new Date(startsAt.getTime() - HOUR), ZONE);
    expect(last).toBe(
      "You booked within 2 hours of the start: a cancellation is no longer refunded (the Cancellation Policy).",
    );
  });

  it("in the email of a booking made 10 hours before the start", async () => {
    const world = await bookingWorld({ seats: 2, startsInMs: 10 * HOUR });
    const buyer = await fan({ fullName: "Late Fan", timeZone: ZONE });
    await creditWallet(env.DB, buyer.user.id, 1_000_000);
    await placeOrder(
      env,
      viewerOf(buyer.user),
      {
        slotId: world.slot.id,
        numberOfPlayers: 1,
        multipleGamerTags: ["Late"],
        promoCode: undefined,
        paymentMethod: "wallet",
      },
      "http://localhost",
    );
    const [mail] = (await readOutbox(env.PRIVATE_FILES, { to: buyer.user.email ?? "" })).filter((m) =>
      /Booking confirmed/.test(m.subject),
    );
    expect(mail?.text).not.toContain("for a full refund");
    expect(mail?.text).toContain(
      `cancel before ${formatWhen(partialRefundDeadline(world.startsAt), ZONE)} for 50% back`,
    );
  });
});
