import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
  viewerOf,
} from "~tests/factories";
import { rejection } from "~tests/support/rejection";
import { REVIEW_EDIT_WINDOW_MS } from "./constants";
import { REVIEW_COPY } from "./copy";
import { editReview, getReviewForm, postReview, replyToReview, reportReview } from "./reviews.server";
import { dismissReviewReports, hideReview, listReportedReviews } from "./staff.server";

const START = new Date("2026-01-10T18:00:00Z");
/** Well after the slot (30 minutes from START) has ended. */
const AFTER = new Date("2026-01-11T09:00:00Z");

async function gigWithSlot(startsAt = START) {
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, `pc-${streamer.id.slice(0, 6)}`);
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game);
  const slot = await createSlot(env.DB, streamer.id, gig.id, startsAt);
  return { streamer, gig, slot: { id: slot.id, influencerId: streamer.id } };
}

async function playedBooking() {
  const world = await gigWithSlot();
  const fan = await createUser(env.DB);
  const booking = await createBooking(env.DB, world.slot, fan.id, "confirmed");
  return { ...world, fan, booking };
}

async function gigRating(gigId: string) {
  return env.DB.prepare(
    "SELECT rating_count AS count, rating_total AS total, rating_score AS score FROM products WHERE id = ?",
  )
    .bind(gigId)
    .first<{ count: number; total: number; score: number }>();
}

async function starRating(streamerId: string) {
  return env.DB.prepare(
    "SELECT rating_count AS count, rating_total AS total FROM influencer_profiles WHERE user_id = ?",
  )
    .bind(streamerId)
    .first<{ count: number; total: number }>();
}

describe("postReview: only the fan of a played, paid booking, once", () => {
  it("posts the fan's review, counts it in the gig's and the streamer's rating and bumps the catalogue version", async () => {
    const { fan, booking, gig, streamer } = await playedBooking();
    const before = await catalogueVersion();
    const posted = await postReview(env, viewerOf(fan), booking.orderId, { rating: 4, comment: "Great carry" }, AFTER);
    expect(posted.gigId).toBe(gig.id);
    expect(await gigRating(gig.id)).toEqual({ count: 1, total: 4, score: 400 });
    expect(await starRating(streamer.id)).toEqual({ count: 1, total: 4 });
    const after = await catalogueVersion();
    expect(after).toBeGreaterThan(before);
    const form = await getReviewForm(env, viewerOf(fan), booking.orderId, AFTER);
    expect(form.review).toMatchObject({ rating: 4, comment: "Great carry", hidden: false });
    expect(form.editable).toBe(true);
  });

  it("refuses a second review of the same booking (409), leaving the first", async () => {
    const { fan, booking, gig } = await playedBooking();
    await postReview(env, viewerOf(fan), booking.orderId, { rating: 5 }, AFTER);
    const error = await rejection(postReview(env, viewerOf(fan), booking.orderId, { rating: 1 }, AFTER));
    expect([error.status, error.message]).toEqual([409, REVIEW_COPY.alreadyReviewed]);
    expect(await gigRating(gig.id)).toEqual({ count: 1, total: 5, score: 500 });
  });

  it("answers 404 to anyone but the booking's fan, the streamer included", async () => {
    const { booking, streamer } = await playedBooking();
    const other = await createUser(env.DB);
    for (const viewer of [viewerOf(other), viewerOf(streamer)]) {
      const error = await rejection(postReview(env, viewer, booking.orderId, { rating: 5 }, AFTER));
      expect([error.status, error.message]).toEqual([404, REVIEW_COPY.orderNotFound]);
    }
  });

  it("refuses a session that has not ended yet (403)", async () => {
    const { fan, booking, gig } = await playedBooking();
    const during = new Date(START.getTime() + 10 * 60_000);
    const error = await rejection(postReview(env, viewerOf(fan), booking.orderId, { rating: 5 }, during));
    expect([error.status, error.message]).toEqual([403, REVIEW_COPY.notPlayedYet]);
    expect(await gigRating(gig.id)).toEqual({ count: 0, total: 0, score: 0 });
  });

  it("refuses a booking whose order is refunded, or cancelled, or never paid (403)", async () => {
    const world = await gigWithSlot();
    const refundedFan = await createUser(env.DB);
    const refunded = await createBooking(env.DB, world.slot, refundedFan.id, "confirmed", 1, null, {
      status: "refunded",
      refundedMinor: 1000,
    });
    const cancelledFan = await createUser(env.DB);
    const cancelled = await createBooking(env.DB, world.slot, cancelledFan.id, "cancelled");
    const unpaidFan = await createUser(env.DB);
    const unpaid = await createBooking(env.DB, world.slot, unpaidFan.id, "expired");
    for (const [fan, orderId] of [
      [refundedFan, refunded.orderId],
      [cancelledFan, cancelled.orderId],
      [unpaidFan, unpaid.orderId],
    ] as const) {
      const error = await rejection(postReview(env, viewerOf(fan), orderId, { rating: 5 }, AFTER));
      expect([error.status, error.message]).toEqual([403, REVIEW_COPY.notReviewable]);
    }
    expect(await gigRating(world.gig.id)).toEqual({ count: 0, total: 0, score: 0 });
  });

  it("the database refuses what the use case refuses: a second row per booking, another fan, a rating out of 1..5", async () => {
    const { fan, booking, streamer, gig } = await playedBooking();
    const other = await createUser(env.DB);
    // Raw SQL on purpose: the database's constraints, not the use case, must refuse these rows.
    const insert = (id: string, userId: string, rating: number) =>
      env.DB.prepare(
        "INSERT INTO reviews (id, booking_id, user_id, influencer_id, product_id, rating) SELECT ?, id, ?, ?, ?, ? FROM bookings WHERE id = ?",
      )
        .bind(id, userId, streamer.id, gig.id, rating, booking.id)
        .run();
    await expect(insert("r-other", other.id, 5)).rejects.toThrow(/constraint failed/);
    await expect(insert("r-six", fan.id, 6)).rejects.toThrow(/constraint failed/);
    await expect(insert("r-zero", fan.id, 0)).rejects.toThrow(/constraint failed/);
    await insert("r-ok", fan.id, 3);
    await expect(insert("r-twice", fan.id, 3)).rejects.toThrow(/UNIQUE constraint failed/);
  });
});

describe("editReview: the author, for 14 days", () => {
  it("changes the rating and comment and recounts the average", async () => {
    const { fan, booking, gig } = await playedBooking();
    await postReview(env, viewerOf(fan), booking.orderId, { rating: 2, comment: "Laggy" }, AFTER);
    const later = new Date(AFTER.getTime() + REVIEW_EDIT_WINDOW_MS - 1000);
    await editReview(env, viewerOf(fan), booking.orderId, { rating: 5, comment: undefined }, later);
    expect(await gigRating(gig.id)).toEqual({ count: 1, total: 5, score: 500 });
    const form = await getReviewForm(env, viewerOf(fan), booking.orderId, later);
    expect(form.review).toMatchObject({ rating: 5, comment: null });
  });

  it("refuses a change after the window (409) and another fan's change (404)", async () => {
    const { fan, booking } = await playedBooking();
    await postReview(env, viewerOf(fan), booking.orderId, { rating: 2 }, AFTER);
    const late = new Date(AFTER.getTime() + REVIEW_EDIT_WINDOW_MS);
    const error = await rejection(editReview(env, viewerOf(fan), booking.orderId, { rating: 5 }, late));
    expect([error.status, error.message]).toEqual([409, REVIEW_COPY.editWindowOver]);
    const other = await createUser(env.DB);
    const foreign = await rejection(editReview(env, viewerOf(other), booking.orderId, { rating: 5 }, AFTER));
    expect(foreign.status).toBe(404);
  });
});

describe("replyToReview: the session's streamer, once", () => {
  it("lets the streamer reply once and nobody else", async () => {
    const { fan, booking, streamer } = await playedBooking();
    const { reviewId } = await postReview(env, viewerOf(fan), booking.orderId, { rating: 4 }, AFTER);
    const otherStar = await createStreamer(env.DB);
    for (const viewer of [viewerOf(fan), viewerOf(otherStar)]) {
      const error = await rejection(replyToReview(env, viewer, { reviewId, reply: "Thanks" }, AFTER));
      expect([error.status, error.message]).toEqual([403, REVIEW_COPY.notYourSession]);
    }
    await replyToReview(env, viewerOf(streamer), { reviewId, reply: "Thanks for playing!" }, AFTER);
    const again = await rejection(replyToReview(env, viewerOf(streamer), { reviewId, reply: "Edited" }, AFTER));
    expect([again.status, again.message]).toEqual([409, REVIEW_COPY.alreadyReplied]);
    const form = await getReviewForm(env, viewerOf(fan), booking.orderId, AFTER);
    expect(form.review?.reply).toBe("Thanks for playing!");
    // The database keeps a written reply as it is, whoever writes (raw SQL on purpose: its trigger is under test).
    await expect(env.DB.prepare("UPDATE reviews SET reply = 'x' WHERE id = ?").bind(reviewId).run()).rejects.toThrow(
      /constraint failed/,
    );
  });
});

describe("reports and hiding", () => {
  it("a fan reports once; staff without moderation are refused; hiding is audited and leaves the averages", async () => {
    const { fan, booking, gig, streamer } = await playedBooking();
    const second = await createUser(env.DB);
    const secondBooking = await createBooking(
      env.DB,
      { id: (await gigSlot(gig.id)).id, influencerId: streamer.id },
      second.id,
      "confirmed",
    );
    const { reviewId } = await postReview(
      env,
      viewerOf(fan),
      booking.orderId,
      { rating: 1, comment: "spam spam" },
      AFTER,
    );
    await postReview(env, viewerOf(second), secondBooking.orderId, { rating: 5 }, AFTER);
    expect(await gigRating(gig.id)).toEqual({ count: 2, total: 6, score: 300 });

    const own = await rejection(reportReview(env, viewerOf(fan), { reviewId, reason: "mine" }, AFTER));
    expect([own.status, own.message]).toEqual([403, REVIEW_COPY.ownReview]);
    const reporter = await createUser(env.DB);
    await reportReview(env, viewerOf(reporter), { reviewId, reason: "Spam" }, AFTER);
    await reportReview(env, viewerOf(reporter), { reviewId, reason: "Spam again" }, AFTER);

    const finance = await createUser(env.DB, { role: "finance" });
    expect((await rejection(hideReview(env, viewerOf(finance), reviewId, AFTER))).status).toBe(403);
    expect((await rejection(hideReview(env, viewerOf(fan), reviewId, AFTER))).status).toBe(403);
    expect((await rejection(hideReview(env, null, reviewId, AFTER))).status).toBe(401);

    const developer = await createUser(env.DB, { role: "developer" });
    const listed = await listReportedReviews(env, viewerOf(developer), 1);
    expect(listed.reviews.find((r) => r.id === reviewId)).toMatchObject({ reports: 1, reasons: "Spam" });

    const before = await catalogueVersion();
    await hideReview(env, viewerOf(developer), reviewId, AFTER);
    expect(await gigRating(gig.id)).toEqual({ count: 1, total: 5, score: 500 });
    expect(await starRating(streamer.id)).toEqual({ count: 1, total: 5 });
    expect(await catalogueVersion()).toBeGreaterThan(before);
    const audit = await env.DB.prepare("SELECT action, actor_id AS actor FROM audit_log WHERE entity_id = ?")
      .bind(reviewId)
      .all<{ action: string; actor: string }>();
    expect(audit.results).toEqual([{ action: "review.hide", actor: developer.id }]);
    expect((await listReportedReviews(env, viewerOf(developer), 1)).reviews.some((r) => r.id === reviewId)).toBe(false);
    const again = await rejection(hideReview(env, viewerOf(developer), reviewId, AFTER));
    expect([again.status, again.message]).toEqual([409, REVIEW_COPY.alreadyHidden]);
    // A hidden review can no longer be reported or replied to.
    expect((await rejection(reportReview(env, viewerOf(second), { reviewId, reason: "x" }, AFTER))).status).toBe(404);
  });

  it("dismissing reports closes them without hiding, audited, once", async () => {
    const { fan, booking, gig } = await playedBooking();
    const { reviewId } = await postReview(env, viewerOf(fan), booking.orderId, { rating: 3 }, AFTER);
    const reporter = await createUser(env.DB);
    await reportReview(env, viewerOf(reporter), { reviewId, reason: "Rude" }, AFTER);
    const admin = await createUser(env.DB, { role: "admin" });
    expect(await dismissReviewReports(env, viewerOf(admin), reviewId, AFTER)).toEqual({ dismissed: 1 });
    expect(await gigRating(gig.id)).toEqual({ count: 1, total: 3, score: 300 });
    const again = await rejection(dismissReviewReports(env, viewerOf(admin), reviewId, AFTER));
    expect([again.status, again.message]).toEqual([409, REVIEW_COPY.noOpenReports]);
  });
});

async function gigSlot(gigId: string) {
  const row = await env.DB.prepare("SELECT id FROM slots WHERE product_id = ? LIMIT 1")
    .bind(gigId)
    .first<{ id: string }>();
  if (!row) throw new Error("no slot");
  return row;
}

/** The catalogue version every edge-cache key carries (app/platform/catalogue-version.server.ts). */
async function catalogueVersion() {
  const row = await env.DB.prepare("SELECT version FROM cache_versions WHERE scope = 'catalogue'").first<{
    version: number;
  }>();
  return row?.version ?? 0;
}
