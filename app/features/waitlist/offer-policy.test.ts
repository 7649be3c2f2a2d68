import { env } from "cloudflare:workers";
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "~/lib/id";
import { col, getDb } from "~/platform/db.server";
import { type WaitlistStatus, waitlistEntries } from "~db/schema";
import { createBooking, createSlot, createUser } from "~tests/factories";
import { bookedSlot } from "~tests/support/booked-slot";
import { disagreements, guardHolds } from "~tests/support/twins";
import { type LinePlace, offerExpiresAt } from "./offer-policy";
import { firstToOffer, firstToOfferSql, offerHolds, offerHoldsSql, seatsFreeSql } from "./offer-policy.server";

/**
 * The waitlist offer's twins agree: `firstToOffer` and `firstToOfferSql` (who the offer's conditional write picks) and
 * `offerHolds` and `offerHoldsSql` (until when an offer holds its seats; the lapse is its complement), on real lines of
 * slots with 0 to 6 of their 6 seats booked, open or cancelled, 1 ms around a live offer's expiry and the slot's start.
 */

const SEATS = 6;
/** When the line's live offer runs out. */
const T = new Date("2027-06-01T18:00:00Z");
const HOUR = 3_600_000;
/** The line of every slot: each place's status and seats, in position order. */
const LINE: { status: WaitlistStatus; seats: number }[] = [
  { status: "waiting", seats: 4 },
  { status: "left", seats: 1 },
  { status: "offered", seats: 1 },
  { status: "waiting", seats: 2 },
  { status: "waiting", seats: 1 },
  { status: "lapsed", seats: 1 },
  { status: "accepted", seats: 1 },
];

type Place = LinePlace & { offerExpiresAt: Date | null };
type Slot = { id: string; status: "open" | "cancelled"; startsAt: Date; booked: number; line: Place[] };
const world: Slot[] = [];

beforeAll(async () => {
  const { streamer } = await bookedSlot(new Date(T.getTime() - 24 * HOUR));
  const fans = await Promise.all(LINE.map(() => createUser(env.DB)));
  const variants = [0, 1, 2, 3, 4, 5, 6].map((booked) => ({ booked, status: "open" as const }));
  for (const { booked, status } of [...variants, { booked: 0, status: "cancelled" as const }]) {
    const startsAt = new Date(T.getTime() + (world.length + 1) * HOUR);
    const slot = await createSlot(env.DB, streamer.id, null, startsAt, { seats: SEATS, status });
    if (booked > 0) {
      const buyer = await createUser(env.DB);
      await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, buyer.id, "confirmed", booked);
    }
    const line: Place[] = [];
    for (const [index, entry] of LINE.entries()) {
      const offered = entry.status === "offered" || entry.status === "lapsed";
      const expires = entry.status === "offered" ? T : new Date(T.getTime() - HOUR);
      const place = {
        id: newId(),
        position: index + 1,
        ...entry,
        offerExpiresAt: offered ? expires : null,
      };
      await getDb(env)
        .insert(waitlistEntries)
        .values({
          ...place,
          slotId: slot.id,
          userId: fans[index]?.id ?? "",
          offeredAt: offered ? new Date(expires.getTime() - 10 * 60_000) : null,
        });
      line.push(place);
    }
    world.push({ id: slot.id, status, startsAt, booked, line });
  }
});

/** Instants of a slot's cases: around the live offer's expiry and around the slot's start. */
const instants = (slot: Slot) =>
  [T.getTime() - 1, T.getTime(), T.getTime() + 1, ...[-1, 0, 1].map((d) => slot.startsAt.getTime() + d)].map(
    (t) => new Date(t),
  );

const cases = () =>
  world.flatMap((slot) => instants(slot).flatMap((now) => slot.line.map((place) => ({ slot, place, now }))));
type Case = ReturnType<typeof cases>[number];

/** The seats free for the line, by the seats-taken rule: the slot's seats less its bookings and live offers. */
function seatsFree(slot: Slot, now: Date): number {
  if (slot.status !== "open" || slot.startsAt.getTime() <= now.getTime()) return Number.NEGATIVE_INFINITY;
  const offered = slot.line.filter((place) => offerHolds(place, now)).reduce((sum, place) => sum + place.seats, 0);
  return SEATS - slot.booked - offered;
}

const decideFirst = (c: Case) => firstToOffer(c.slot.line, seatsFree(c.slot, c.now)) === c.place.id;
const firstHolds = (guard: (slotId: string, now: Date) => SQL) => (c: Case) =>
  guardHolds(waitlistEntries, waitlistEntries.id, c.place.id, guard(c.slot.id, c.now));

const decideHolds = (c: Case) => offerHolds(c.place, c.now);
const holdsHolds = (guard: (now: Date) => SQL) => (c: Case) =>
  guardHolds(waitlistEntries, waitlistEntries.id, c.place.id, guard(c.now));

describe("the waitlist offer and its SQL guards", () => {
  it("who is offered: agree on every place, seats booked, slot state and instant", async () => {
    const all = cases();
    expect(await disagreements(all, decideFirst, firstHolds(firstToOfferSql))).toEqual([]);
    // Each waiting place is picked somewhere, the big one skipped elsewhere, and sometimes nobody fits.
    for (const position of [1, 4, 5]) {
      expect(all.some((c) => c.place.position === position && decideFirst(c))).toBe(true);
    }
  });

  it("until when an offer holds: agree on every place and instant around its expiry", async () => {
    const all = cases();
    expect(await disagreements(all, decideHolds, holdsHolds(offerHoldsSql))).toEqual([]);
    expect(all.filter(decideHolds).length).toBeGreaterThan(0);
    expect(offerExpiresAt(T).getTime() - T.getTime()).toBe(10 * 60_000);
  });

  it("guards one comparison off are caught at their boundary", async () => {
    // An offer held through its expiry instant (>= for >): caught at T, on every slot's live offer.
    const throughExpiry = (now: Date) =>
      sql`(${col(waitlistEntries.status)} = 'offered' AND ${col(waitlistEntries.offerExpiresAt)} >= ${now.getTime()})`;
    const late = await disagreements(cases(), decideHolds, holdsHolds(throughExpiry));
    expect(late.length).toBe(world.length);
    expect(late.every((d) => d.case.now.getTime() === T.getTime() && d.case.place.status === "offered")).toBe(true);
    // Seats that must fit strictly (< for <=): caught exactly where a place's seats equal the seats free.
    const strictFit = (slotId: string, now: Date) => sql`${col(waitlistEntries.id)} = (SELECT line.id
      FROM waitlist_entries line WHERE line.slot_id = ${slotId} AND line.status = 'waiting'
        AND line.seats < ${seatsFreeSql(slotId, now.getTime())} ORDER BY line.position LIMIT 1)`;
    const strict = await disagreements(cases(), decideFirst, firstHolds(strictFit));
    expect(strict.length).toBeGreaterThan(0);
    expect(strict.some((d) => d.ts && d.case.place.seats === seatsFree(d.case.slot, d.case.now))).toBe(true);
  });
});
