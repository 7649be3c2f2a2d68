import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WAITLIST_COPY } from "~/features/waitlist/copy";
import { joinWaitlist } from "~/features/waitlist/join.server";
import { createBooking, viewerOf } from "~tests/factories";
import { rejection } from "~tests/support/rejection";
import { fanViewer, fullSlot, line } from "./waitlist-world";

describe("no waitlist place while the fan holds or owns a seat of the slot", () => {
  it("refuses a fan with a confirmed booking, and one with a live hold, with 409 and says why", async () => {
    const world = await fullSlot({ seats: 2, confirmed: [1] });
    const slot = { id: world.slot.id, influencerId: world.streamer.id };
    const owner = await fanViewer();
    await createBooking(env.DB, slot, owner.id, "held", 1, new Date(Date.now() + 10 * 60_000));
    const confirmedFan = world.confirmed[0]?.buyer;
    if (!confirmedFan) throw new Error("no confirmed booking");
    const holder = await rejection(joinWaitlist(env, owner, { slotId: slot.id, seats: 1 }));
    expect({ status: holder.status, message: holder.message }).toEqual({
      status: 409,
      message: WAITLIST_COPY.holdsSeat,
    });
    const booked = await rejection(joinWaitlist(env, viewerOf(confirmedFan), { slotId: slot.id, seats: 1 }));
    expect({ status: booked.status, message: booked.message }).toEqual({
      status: 409,
      message: WAITLIST_COPY.holdsSeat,
    });
    expect(await line(slot.id)).toEqual([]);
    // A fan without a seat still joins the full slot's line.
    await expect(joinWaitlist(env, await fanViewer(), { slotId: slot.id, seats: 1 })).resolves.toMatchObject({
      placeInLine: 1,
    });
  });
});
