import { env } from "cloudflare:workers";
import type { Viewer } from "~/features/access/policy";
import { placeOrder } from "~/features/booking/purchase.server";
import { joinWaitlist } from "~/features/waitlist/join.server";
import { createBooking, createUser, creditWallet, viewerOf } from "~tests/factories";
import { botCheckToken, ORIGIN } from "./app";
import { bookingWorld } from "./booking-world";

/**
 * Waitlist tests' world: a gig's slot filled by confirmed bookings (and held ones whose hold ran out), fans to queue,
 * and reads of the line and of the seats a slot's takers hold (bookings, live holds, live offers).
 */
export async function fullSlot(options: { seats: number; confirmed?: number[]; expiredHolds?: number[] }) {
  const world = await bookingWorld({ seats: options.seats, priceMinor: 1000 });
  const slot = { id: world.slot.id, influencerId: world.streamer.id };
  const confirmed = [];
  for (const seats of options.confirmed ?? []) {
    const buyer = await createUser(env.DB);
    confirmed.push({ buyer, ...(await createBooking(env.DB, slot, buyer.id, "confirmed", seats)) });
  }
  const held = [];
  for (const seats of options.expiredHolds ?? []) {
    const buyer = await createUser(env.DB);
    // A hold that ran out a moment ago: it stopped counting, the sweeper has not released it yet (it still counted
    // at BEFORE_EXPIRY, when the fans joined).
    const hold = await createBooking(env.DB, slot, buyer.id, "held", seats, new Date(Date.now() - 1000));
    held.push({ buyer, ...hold });
  }
  return { ...world, confirmed, held };
}

/** An instant when the holds of `fullSlot` still counted (they ran out a second ago): fans join the full slot then. */
export const beforeExpiry = () => new Date(Date.now() - 60_000);

export async function fanViewer(overrides: Parameters<typeof createUser>[1] = {}): Promise<Viewer> {
  return viewerOf(await createUser(env.DB, overrides));
}

export async function richFan(): Promise<Viewer> {
  const viewer = await fanViewer();
  await creditWallet(env.DB, viewer.id, 1_000_000);
  return viewer;
}

export function bookFromWallet(viewer: Viewer, slotId: string, seats: number, now = new Date()) {
  const draft = {
    slotId,
    numberOfPlayers: seats,
    multipleGamerTags: Array.from({ length: seats }, (_, i) => `Tag${i}`),
    promoCode: undefined,
    paymentMethod: "wallet" as const,
    // A slot with a long line is in high demand (docs/decisions/033): a person's booking passes the bot check.
    "cf-turnstile-response": botCheckToken("book"),
  };
  return placeOrder(env, viewer, draft, "http://localhost", now);
}

export function bookByCard(viewer: Viewer, slotId: string, seats: number, now = new Date()) {
  const draft = {
    slotId,
    numberOfPlayers: seats,
    multipleGamerTags: Array.from({ length: seats }, (_, i) => `Card${i}`),
    promoCode: undefined,
    paymentMethod: "card" as const,
    "cf-turnstile-response": botCheckToken("book"),
  };
  return placeOrder(env, viewer, draft, "http://localhost", now);
}

/** A person joining the waitlist, passing the bot check a slot in high demand asks for (docs/decisions/033). */
export function joinAsPerson(viewer: Viewer, input: { slotId: string; seats: number }, now = new Date()) {
  const checked = { ...input, "cf-turnstile-response": botCheckToken("waitlist") };
  return joinWaitlist(env, viewer, checked, now, { hostname: new URL(ORIGIN).hostname, ip: "" });
}

export type LineRow = { id: string; user_id: string; position: number; seats: number; status: string };

export async function line(slotId: string): Promise<LineRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, user_id, position, seats, status FROM waitlist_entries WHERE slot_id = ? ORDER BY position",
  )
    .bind(slotId)
    .all<LineRow>();
  return results;
}

/** Seats of the slot taken (confirmed, live holds) plus held by live offers, at `at`. */
export async function seatsHeld(slotId: string, at = Date.now()) {
  const row = await env.DB.prepare(
    `SELECT
       (SELECT coalesce(sum(seats), 0) FROM bookings WHERE slot_id = ?1
          AND (status IN ('confirmed', 'completed', 'no_show') OR (status = 'held' AND hold_expires_at > ?2))) AS booked,
       (SELECT coalesce(sum(seats), 0) FROM waitlist_entries WHERE slot_id = ?1
          AND status = 'offered' AND offer_expires_at > ?2) AS offered,
       (SELECT seats FROM slots WHERE id = ?1) AS capacity`,
  )
    .bind(slotId, at)
    .first<{ booked: number; offered: number; capacity: number }>();
  if (!row) throw new Error("no slot");
  return row;
}
