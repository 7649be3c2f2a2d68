import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { banReportedUsers, markReportsReviewed, unbanUsers } from "~/features/moderation/moderation.server";
import { postReview } from "~/features/reviews/reviews.server";
import { hideReview } from "~/features/reviews/staff.server";
import {
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createReport,
  createSlot,
  createStreamer,
  createUser,
  viewerOf,
} from "../factories";

/** A staff write leaves an audit row only when it changed something: concurrent identical requests leave one. */
async function postedReview() {
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, `pc-${streamer.id.slice(0, 6)}`);
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game);
  const slot = await createSlot(env.DB, streamer.id, gig.id, new Date("2025-06-01T18:00:00Z"));
  const fan = await createUser(env.DB);
  const booking = await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, "confirmed");
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

  it("reviewing the same reports three times at once writes one audit row per report", async () => {
    const staff = viewerOf(await createUser(env.DB, { role: "developer" }));
    const [reporter, other, reported] = [await createUser(env.DB), await createUser(env.DB), await createUser(env.DB)];
    const ids = [
      (await createReport(env.DB, reporter.id, reported.id, "Spam")).id,
      (await createReport(env.DB, other.id, reported.id, "Rude")).id,
    ];
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => markReportsReviewed(env, staff, ids)));
    expect(outcomes.some((outcome) => outcome.status === "fulfilled")).toBe(true);
    for (const id of ids) expect(await auditRows("report.review", id)).toBe(1);
  });

  it("banning and unbanning the same account three times at once writes one audit row each", async () => {
    const staff = viewerOf(await createUser(env.DB, { role: "developer" }));
    const [reporter, troll] = [await createUser(env.DB), await createUser(env.DB)];
    const { id: reportId } = await createReport(env.DB, reporter.id, troll.id, "Cheating");
    await Promise.allSettled([1, 2, 3].map(() => banReportedUsers(env, staff, [reportId])));
    expect(await auditRows("user.ban", troll.id)).toBe(1);
    const ban = await env.DB.prepare("SELECT id FROM bans WHERE user_id = ? AND unbanned_at IS NULL")
      .bind(troll.id)
      .first<{ id: string }>();
    await Promise.allSettled([1, 2, 3].map(() => unbanUsers(env, staff, [ban?.id ?? ""])));
    expect(await auditRows("user.unban", troll.id)).toBe(1);
  });
});
