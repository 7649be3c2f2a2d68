import { hashPassword } from "../../app/features/auth/password.server";
import { createBooking, createSlot, createUser, setPasswordHash } from "../factories";
import { e2eD1, queryE2E } from "./db";
import { DEMO_STAR } from "./demo-fan";

/**
 * The browser tests' starting rows on the seeded demo world, made by the shared factories (tests/factories.ts)
 * through the SQL door: what a journey starts from, not what it tests.
 */

/** The demo star's first live gig (by id, so every file and run picks the same one). */
export function demoGigId(): string {
  const [gig] = queryE2E<{ id: string }>(
    `SELECT id FROM products WHERE influencer_id = '${DEMO_STAR}' AND archived_at IS NULL ORDER BY id LIMIT 1`,
  );
  if (!gig) throw new Error("the demo star has no gig");
  return gig.id;
}

/** A fresh open slot of `seats` on the demo star's first gig, 30 minutes from `startsAt`. */
export async function demoSlot(startsAt: number, seats: number) {
  const gigId = demoGigId();
  const slot = await createSlot(e2eD1, DEMO_STAR, gigId, new Date(startsAt), { seats });
  return { gigId, slotId: slot.id };
}

/** A confirmed one-seat booking of `userId` on a demo slot, paid by card (in rupees unless told). */
export async function paidDemoBooking(
  slotId: string,
  userId: string,
  amountMinor: number,
  currency: "INR" | "USD" = "INR",
) {
  return createBooking(e2eD1, { id: slotId, influencerId: DEMO_STAR }, userId, "confirmed", 1, null, {
    amountMinor,
    currency,
  });
}

/** A fresh, verified user who logs in with `password`. */
export async function userWithPassword(overrides: Parameters<typeof createUser>[1], password: string) {
  const user = await createUser(e2eD1, overrides);
  await setPasswordHash(e2eD1, user.id, await hashPassword(password));
  return user;
}
