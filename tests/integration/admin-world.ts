import { env } from "cloudflare:workers";
import type { StaffRole } from "~/features/access/policy";
import { createSession } from "~/features/auth/session.server";
import { createBooking, createGig, createSlot, createUser, viewerOf } from "../factories";
import { Client } from "./client";
import { streamerWithGame } from "./streamer-world";

const DAY = 86_400_000;

/** An active staff user of `role` with a session cookie, and the Viewer the use cases receive. */
export async function staffUser(role: StaffRole, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(env.DB, { role, fullName: `Staff ${role}`, ...overrides });
  const cookie = (await createSession(env, user.id)).split(";")[0] ?? "";
  return { user, cookie, viewer: viewerOf(user) };
}

/** A verified streamer (onboarding verified, fee `feeBps`) with a gig, and a fan who buys from them. */
export async function payoutWorld(feeBps = 2000) {
  const world = await streamerWithGame();
  await env.DB.prepare(
    "UPDATE influencer_profiles SET platform_fee_bps = ?, is_verified = 1, verified_at = ? WHERE user_id = ?",
  )
    .bind(feeBps, Date.now(), world.streamer.id)
    .run();
  const gig = await createGig(env.DB, world.streamer.id, world.game);
  const fan = await createUser(env.DB);
  return { ...world, gig, fan };
}

/**
 * A paid slot-booking order of `amount` minor units: its session `daysAgo` days ago, paid then, validated by
 * staff unless `validated` is false, refunded `refunded` minor units, in `currency` (USD unless told; INR at ₹84.10).
 */
export async function paidOrder(
  world: { streamer: { id: string }; gig: { id: string }; fan: { id: string } },
  amount: number,
  options: { daysAgo?: number; validated?: boolean; refunded?: number; currency?: "USD" | "INR" } = {},
) {
  const daysAgo = options.daysAgo ?? 3;
  const refunded = options.refunded ?? 0;
  const startsAt = new Date(Date.now() - daysAgo * DAY + Math.floor(Math.random() * 3_600_000));
  const slot = await createSlot(env.DB, world.streamer.id, world.gig.id, startsAt);
  const { orderId } = await createBooking(
    env.DB,
    { id: slot.id, influencerId: world.streamer.id },
    world.fan.id,
    "confirmed",
  );
  const status = refunded === 0 ? "paid" : refunded === amount ? "refunded" : "partially_refunded";
  await env.DB.prepare(
    "UPDATE orders SET amount_minor = ?, refunded_minor = ?, status = ?, paid_at = ?, validated_at = ?, currency = ?, rate_micros = ? WHERE id = ?",
  )
    .bind(
      amount,
      refunded,
      status,
      startsAt.getTime(),
      options.validated === false ? null : Date.now(),
      options.currency ?? "USD",
      options.currency === "INR" ? 84_100_000 : 1_000_000,
      orderId,
    )
    .run();
  return orderId;
}

export const days = (n: number) => new Date(Date.now() + n * DAY);

export type Json = Record<string, unknown> & { success: boolean; message?: string };

/** One JSON call as `cookie`: GET without a body, POST JSON with one; answers [status, body]. */
export async function callJson(cookie: string, path: string, body?: unknown): Promise<[number, Json]> {
  const client = new Client();
  const response =
    body === undefined
      ? await client.get(path, { Cookie: cookie })
      : await client.postJson(path, body, { Cookie: cookie });
  return [response.status, (await response.json()) as Json];
}
