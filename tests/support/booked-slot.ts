import { env } from "cloudflare:workers";
import {
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
} from "~tests/factories";

/** A streamer's slot starting at `start` with `seats` seats, on a gig of their own. */
export async function bookedSlot(start: Date, seats = 2) {
  const star = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, star.id, game);
  const slot = await createSlot(env.DB, star.id, gig.id, start, { seats });
  return { star, slot: { id: slot.id, influencerId: star.id } };
}

/** A fan's confirmed booking of one seat (`paidMinor` cents, $10 unless told, paid by card) of a slot starting at `start`. */
export async function confirmedBooking(start: Date, paidMinor = 1000) {
  const { star, slot } = await bookedSlot(start);
  const fan = await createUser(env.DB);
  const booking = await createBooking(env.DB, slot, fan.id, "confirmed", 1, null, { amountMinor: paidMinor });
  return { star, slot, fan, booking };
}
