import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { postReview } from "~/features/reviews/reviews.server";
import { hideReview } from "~/features/reviews/staff.server";
import {
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
  viewerOf,
} from "../factories";
import { readPage, textOf } from "../support/page";
import { postForm, request } from "./app";
import { loggedInUser } from "./session";

/** Sessions that ended long ago, one a day. */
const PLAYED = new Date("2025-06-01T18:00:00Z");
const DAY = 86_400_000;

async function gigWithPlayedBookings(ratings: number[]) {
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, `pc-${streamer.id.slice(0, 6)}`);
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game);
  const reviewIds: string[] = [];
  for (const [index, rating] of ratings.entries()) {
    const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(PLAYED.getTime() + index * DAY));
    const fan = await createUser(env.DB);
    const booking = await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, "confirmed");
    const posted = await postReview(env, viewerOf(fan), booking.orderId, { rating, comment: `Review ${index}` });
    reviewIds.push(posted.reviewId);
  }
  return { streamer, gig, reviewIds };
}

/** The reviews block of a page as a visitor sees it: the ratings shown, and the average and count beside them. */
async function reviewsOn(path: string) {
  const response = await request(path);
  expect(response.status).toBe(200);
  const reviews = (await readPage(response)).get("#reviews");
  const shown = Array.from(reviews.querySelectorAll("[data-rating]"), (streamers) =>
    Number(streamers.getAttribute("data-rating")),
  );
  const average = reviews.querySelector('[data-testid="rating-average"]');
  const count = reviews.querySelector('[data-testid="rating-count"]');
  return {
    shown,
    average: average ? Number(textOf(average)) : null,
    count: count ? Number(textOf(count)) : 0,
    cache: response.headers.get("X-Edge-Cache"),
  };
}

const mean = (values: number[]) =>
  Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;

describe("reviews on the public pages", () => {
  it("the gig and star pages' average and count are those of the reviews shown; a hidden review leaves both at once", async () => {
    const { gig, streamer, reviewIds } = await gigWithPlayedBookings([5, 4, 2]);
    const before = await reviewsOn(`/gig/${gig.id}`);
    expect(before.shown.sort()).toEqual([2, 4, 5]);
    expect(before.count).toBe(before.shown.length);
    expect(before.average).toBe(mean(before.shown));
    // Served again from the edge cache (an anonymous visitor), it is the same page.
    expect((await reviewsOn(`/gig/${gig.id}`)).average).toBe(before.average);
    const streamerBefore = await reviewsOn(`/star/${streamer.id}`);
    expect([streamerBefore.count, streamerBefore.average]).toEqual([3, mean([5, 4, 2])]);

    const developer = await createUser(env.DB, { role: "developer" });
    await hideReview(env, viewerOf(developer), reviewIds[2] ?? "");

    const after = await reviewsOn(`/gig/${gig.id}`);
    expect(after.cache).not.toBe("HIT");
    expect(after.shown.sort()).toEqual([4, 5]);
    expect([after.count, after.average]).toEqual([2, mean(after.shown)]);
    const streamerAfter = await reviewsOn(`/star/${streamer.id}`);
    expect([streamerAfter.count, streamerAfter.average]).toEqual([2, 4.5]);
  });

  it("the review form works without JavaScript and answers bad input with a 400 and its message", async () => {
    const streamer = await createStreamer(env.DB);
    const platform = await createPlatform(env.DB, `pc-${streamer.id.slice(0, 6)}`);
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    const gig = await createGig(env.DB, streamer.id, game);
    const slot = await createSlot(env.DB, streamer.id, gig.id, PLAYED);
    const { user, cookie } = await loggedInUser();
    const booking = await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, user.id, "confirmed");
    const path = `/profile/orders/${booking.orderId}/review`;
    const headers = { Cookie: cookie, Origin: "http://localhost" };

    const bad: Record<string, string>[] = [
      { rating: "9" },
      { rating: "" },
      { rating: "4", comment: "bad\u0000text" },
      { rating: "4", comment: "x".repeat(1001) },
    ];
    for (const fields of bad) {
      const refused = await postForm(path, fields, headers);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
    }
    const posted = await postForm(path, { rating: "5", comment: "  Clutch king  " }, headers);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/gig/${gig.id}#reviews`);
    const page = await reviewsOn(`/gig/${gig.id}`);
    expect([page.shown, page.count, page.average]).toEqual([[5], 1, 5]);

    const twice = await postForm(path, { rating: "1" }, headers);
    expect(twice.status).toBe(409);
    // Another fan's order is not found.
    const other = await loggedInUser();
    const foreign = await request(path, { headers: { Cookie: other.cookie } });
    expect(foreign.status).toBe(404);
  });
});
