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
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game);
  const slot = await createSlot(env.DB, streamer.id, gig.id, start, { seats });
  return { streamer, slot: { id: slot.id, influencerId: streamer.id } };
}

/** A fan's confirmed booking of one seat (`paidMinor` cents, $10 unless told, paid by card) of a slot starting at `start`. */
export async function confirmedBooking(start: Date, paidMinor = 1000) {
  const { streamer, slot } = await bookedSlot(start);
  const fan = await createUser(env.DB);
  const booking = await createBooking(env.DB, slot, fan.id, "confirmed", 1, null, { amountMinor: paidMinor });
  return { streamer, slot, fan, booking };
}
