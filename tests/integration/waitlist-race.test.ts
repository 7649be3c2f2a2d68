import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cancelBooking } from "~/features/booking/cancel.server";
import { sweepExpiredHolds } from "~/features/payments/fulfilment.server";
import { sweepWaitlists } from "~/features/waitlist/offers.server";
import { viewerOf } from "~tests/factories";
import {
  beforeExpiry,
  bookFromWallet,
  fanViewer,
  fullSlot,
  joinAsPerson,
  type LineRow,
  line,
  richFan,
  seatsHeld,
} from "./waitlist-world";

/**
 * The waitlist's invariants under concurrency (docs/domain.md "Waitlist place"): cancellations, hold expiries (the
 * hold sweeper), waitlist sweeps and outside buyers race against a line of 50 fans. Every freed seat is offered to
 * exactly one fan, in order, and no slot is ever over-booked (seats booked + held by holds and offers <= seats).
 */

const ELEVEN_MINUTES = 11 * 60_000;

async function offerMessages(entryIds: string[]) {
  const counts = await Promise.all(
    entryIds.map(async (id) => {
      const row = await env.DB.prepare("SELECT count(*) AS n FROM outbox_messages WHERE id LIKE ?")
        .bind(`waitlist-offer:${id}:%`)
        .first<{ n: number }>();
      return row?.n ?? 0;
    }),
  );
  return counts;
}

/** Strict order: a fan still waiting ahead of an offered fan wants more seats than that offer holds. */
function outOfOrder(rows: LineRow[]) {
  return rows.flatMap((offered) =>
    offered.status !== "offered"
      ? []
      : rows
          .filter(
            (ahead) => ahead.status === "waiting" && ahead.position < offered.position && ahead.seats <= offered.seats,
          )
          .map((ahead) => ({ offered: offered.position, ahead: ahead.position })),
  );
}

describe("waitlist races", () => {
  it("cancellations, expired holds, sweeps and outside buyers against 50 fans: each freed seat goes to one fan, in order", async () => {
    const world = await fullSlot({ seats: 20, confirmed: Array(10).fill(1), expiredHolds: Array(10).fill(1) });
    const slotId = world.slot.id;
    const fans = await Promise.all(Array.from({ length: 50 }, () => richFan()));
    // The fans join concurrently while the slot is full (the holds still counted then); the line's order is theirs.
    const joined = await Promise.all(fans.map((fan) => joinAsPerson(fan, { slotId, seats: 1 }, beforeExpiry())));
    expect(joined).toHaveLength(50);
    const positions = (await line(slotId)).map((row) => row.position);
    expect(positions).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    const outsiders = await Promise.all(Array.from({ length: 5 }, () => richFan()));
    const outcomes = await Promise.allSettled([
      ...world.confirmed.map((booking) => cancelBooking(env, viewerOf(booking.buyer), booking.id)),
      sweepExpiredHolds(env),
      sweepExpiredHolds(env),
      sweepExpiredHolds(env),
      sweepWaitlists(env),
      sweepWaitlists(env),
      ...outsiders.map((outsider) => bookFromWallet(outsider, slotId, 1)),
    ]);
    // Every cancellation and sweep did its work; outside buyers only got seats nobody had been offered.
    expect(outcomes.slice(0, 15).every((outcome) => outcome.status === "fulfilled")).toBe(true);
    const outsidersIn = outcomes.slice(15).filter((outcome) => outcome.status === "fulfilled").length;
    const refused = outcomes.slice(15).filter((outcome) => outcome.status === "rejected");
    for (const outcome of refused) expect((outcome as PromiseRejectedResult).reason.status).toBe(409);

    const rows = await line(slotId);
    const offered = rows.filter((row) => row.status === "offered");
    // The 20 freed seats: each bought by an outsider or offered to one fan, first in line first.
    expect(offered.length).toBe(20 - outsidersIn);
    expect(offered.map((row) => row.position)).toEqual(Array.from({ length: offered.length }, (_, i) => i + 1));
    expect(rows.filter((row) => row.status === "waiting")).toHaveLength(50 - offered.length);
    expect(await seatsHeld(slotId)).toEqual({ booked: outsidersIn, offered: offered.length, capacity: 20 });
    // Each offered fan is told once by email and once in the app; nobody else is.
    expect(await offerMessages(offered.map((row) => row.id))).toEqual(offered.map(() => 2));
    const told = await env.DB.prepare(
      "SELECT count(*) AS n FROM outbox_messages WHERE id LIKE 'waitlist-offer:%' AND json_extract(params, '$.entryId') IN (SELECT id FROM waitlist_entries WHERE slot_id = ?)",
    )
      .bind(slotId)
      .first<{ n: number }>();
    expect(told?.n).toBe(offered.length * 2);

    // Ten minutes pass and nobody books: concurrent sweeps lapse every offer and offer the next fans, once each.
    const later = new Date(Date.now() + ELEVEN_MINUTES);
    await Promise.all([sweepWaitlists(env, later), sweepWaitlists(env, later), sweepWaitlists(env, later)]);
    const next = await line(slotId);
    const nextOffered = next.filter((row) => row.status === "offered");
    expect(next.filter((row) => row.status === "lapsed").map((row) => row.position)).toEqual(
      offered.map((row) => row.position),
    );
    expect(nextOffered.map((row) => row.position)).toEqual(
      Array.from({ length: offered.length }, (_, i) => offered.length + i + 1),
    );
    expect(await seatsHeld(slotId, later.getTime())).toEqual({
      booked: outsidersIn,
      offered: offered.length,
      capacity: 20,
    });

    // The offered fans and more outsiders race for the seats: every offered fan gets theirs, no outsider does.
    const lateOutsiders = await Promise.all(Array.from({ length: 5 }, () => richFan()));
    const byId = new Map(fans.map((fan) => [fan.id, fan]));
    const fanOf = (id: string) => {
      const fan = byId.get(id);
      if (!fan) throw new Error(`no fan ${id}`);
      return fan;
    };
    const booking = await Promise.allSettled([
      ...nextOffered.map((row) => bookFromWallet(fanOf(row.user_id), slotId, 1, later)),
      ...lateOutsiders.map((outsider) => bookFromWallet(outsider, slotId, 1, later)),
    ]);
    expect(booking.slice(0, nextOffered.length).every((outcome) => outcome.status === "fulfilled")).toBe(true);
    expect(booking.slice(nextOffered.length).every((outcome) => outcome.status === "rejected")).toBe(true);
    expect(await seatsHeld(slotId, later.getTime())).toEqual({ booked: 20, offered: 0, capacity: 20 });
    // A stress test of some 200 concurrent writes: about 15 s on an idle 2-core machine, more on a busy one.
  }, 90_000);

  it("with mixed seat counts: never over-booked, strict order (skipping only fans who do not fit), nobody left who fits", async () => {
    // A fixed pseudo-random mix, so a failure replays.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const confirmed = [3, 1, 2, 1, 3, 2, 1, 2, 3, 1];
    const expiredHolds = [2, 1, 3, 1, 2, 2];
    const seats = confirmed.reduce((a, b) => a + b, 0) + expiredHolds.reduce((a, b) => a + b, 0);
    const world = await fullSlot({ seats, confirmed, expiredHolds });
    const slotId = world.slot.id;
    const fans = await Promise.all(Array.from({ length: 50 }, () => fanViewer()));
    for (const fan of fans) {
      await joinAsPerson(fan, { slotId, seats: 1 + Math.floor(random() * 3) }, beforeExpiry());
    }
    await Promise.all([
      ...world.confirmed.map((booking) => cancelBooking(env, viewerOf(booking.buyer), booking.id)),
      sweepExpiredHolds(env),
      sweepExpiredHolds(env),
      sweepWaitlists(env),
      sweepWaitlists(env),
    ]);
    const rows = await line(slotId);
    const held = await seatsHeld(slotId);
    expect(held.booked).toBe(0);
    expect(held.booked + held.offered).toBeLessThanOrEqual(seats);
    expect(outOfOrder(rows)).toEqual([]);
    const free = seats - held.booked - held.offered;
    expect(rows.filter((row) => row.status === "waiting" && row.seats <= free)).toEqual([]);
    expect(rows.filter((row) => row.status === "offered").reduce((sum, row) => sum + row.seats, 0)).toBe(held.offered);
  });
});
