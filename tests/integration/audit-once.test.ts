import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { postReview } from "~/features/reviews/reviews.server";
import { hideReview } from "~/features/reviews/staff.server";
import {
  createBooking,
  createGame,
  createGig,
  createInfluencer,
  createPlatform,
  createSlot,
  createUser,
  viewerOf,
} from "../factories";

/** A staff write leaves an audit row only when it changed something: concurrent identical requests leave one. */
async function postedReview() {
  const star = await createInfluencer(env.DB);
  const platform = await createPlatform(env.DB, `pc-${star.id.slice(0, 6)}`);
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, star.id, game);
  const slot = await createSlot(env.DB, star.id, gig.id, new Date("2025-06-01T18:00:00Z"));
  const fan = await createUser(env.DB);
  const booking = await createBooking(env.DB, { id: slot.id, influencerId: star.id }, fan.id, "confirmed");
  return (await postReview(env, viewerOf(fan), booking.orderId, { rating: 2, comment: "Meh" })).reviewId;
}

async function auditRows(action: string, entityId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = ? AND entity_id = ?")
    .bind(action, entityId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("an audit row only for a real change", () => {
  it("hiding one review three times at once hides it once and writes one audit row", async () => {
    const reviewId = await postedReview();
    const staff = viewerOf(await createUser(env.DB, { role: "developer" }));
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => hideReview(env, staff, reviewId)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await auditRows("review.hide", reviewId)).toBe(1);
    // Once more, later: refused (409) and still one row.
    await expect(hideReview(env, staff, reviewId)).rejects.toMatchObject({ status: 409 });
    expect(await auditRows("review.hide", reviewId)).toBe(1);
  });
});
