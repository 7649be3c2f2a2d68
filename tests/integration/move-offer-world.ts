import { env } from "cloudflare:workers";
import { createSession } from "~/features/auth/session.server";
import { placeOrder } from "~/features/booking/purchase.server";
import { createSlot, creditWallet, viewerOf } from "../factories";
import { ORIGIN, request } from "./app";
import { bookingWorld, fan } from "./booking-world";

/**
 * A world for a streamer's offers of another time: a booked slot, a later time of the same gig, its buyers and the
 * streamer's "Offer another time" form (tests/integration/move-offers*.test.ts).
 */
export const DAY = 86_400_000;
export const FORM = { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" };

export async function one<T>(query: string, ...binds: unknown[]) {
  return env.DB.prepare(query)
    .bind(...binds)
    .first<T>();
}

/** A fan who bought `seats` seats of `slotId` from their wallet. */
export async function buyer(slotId: string, seats: number, name: string) {
  const buying = await fan({ fullName: name, timeZone: "America/New_York" });
  await creditWallet(env.DB, buying.user.id, 1_000_000);
  const placed = await placeOrder(
    env,
    viewerOf(buying.user),
    {
      slotId,
      numberOfPlayers: seats,
      multipleGamerTags: Array.from({ length: seats }, (_, i) => `${name.replace(/\W/g, "")}${i}`),
      promoCode: undefined,
      paymentMethod: "wallet",
    },
    "http://localhost",
  );
  const booking = await one<{ id: string }>("SELECT id FROM bookings WHERE order_id = ?", placed.orderId);
  return { ...buying, orderId: placed.orderId, bookingId: booking?.id ?? "" };
}

/**
 * A booked slot (two buyers: 2 seats and 1) and a later time of the same gig with `laterSeats` seats, the streamer
 * signed in.
 */
export async function bookedSlot(options: { startsInMs?: number; laterSeats?: number; laterInMs?: number } = {}) {
  const world = await bookingWorld({ seats: 4, startsInMs: options.startsInMs ?? 3 * DAY });
  const later = await createSlot(
    env.DB,
    world.streamer.id,
    world.gig.id,
    new Date(Date.now() + (options.laterInMs ?? 4 * DAY)),
    { seats: options.laterSeats ?? 3 },
  );
  const mira = await buyer(world.slot.id, 2, "Mira Fan");
  const theo = await buyer(world.slot.id, 1, "Theo Fan");
  const streamerCookie = (await createSession(env, world.streamer.id)).split(";")[0] ?? "";
  return { world, later, mira, theo, streamerCookie };
}

/**
 * The streamer's "Offer another time" on the calendar (a plain form), confirmed (`confirm: false`: the first press
 * alone, which only asks).
 */
export function offer(streamerCookie: string, slotId: string, toSlotId: string, { confirm = true } = {}) {
  return request("/influencer/calendar-dashboard", {
    method: "POST",
    body: new URLSearchParams({ intent: "offer-move", slotId, toSlotId, ...(confirm ? { confirm: "yes" } : {}) }),
    headers: { Cookie: streamerCookie, ...FORM },
  });
}

/** The streamer's "Withdraw the offer" on the calendar (a plain form). */
export function withdraw(streamerCookie: string, slotId: string) {
  return request("/influencer/calendar-dashboard", {
    method: "POST",
    body: new URLSearchParams({ intent: "withdraw-move", slotId }),
    headers: { Cookie: streamerCookie, ...FORM },
  });
}
