import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliverMessages } from "~/features/messages/index.server";
import { postReview } from "~/features/reviews/reviews.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
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

/** The streamer hears of a new review (issue 50): an email and a notification, each with the link to reply. */
describe("a new review", () => {
  it("tells its streamer by email and notification, with the link to the review on the gig's page", async () => {
    const streamer = await createStreamer(env.DB);
    const platform = await createPlatform(env.DB, `pc-${streamer.id.slice(0, 6)}`);
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    const gig = await createGig(env.DB, streamer.id, game);
    const slot = await createSlot(env.DB, streamer.id, gig.id, new Date("2025-06-01T18:00:00Z"));
    const fan = await createUser(env.DB, { username: "nyfan478086" });
    const booking = await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, "confirmed");
    const { reviewId } = await postReview(env, viewerOf(fan), booking.orderId, { rating: 4, comment: "Great lobby" });
    const keys = [`review-posted:${reviewId}:email`, `review-posted:${reviewId}:notification`];
    await deliverMessages(env, keys);

    const link = `/gig/${gig.id}#review-${reviewId}`;
    const mails = (await readOutbox(env.PRIVATE_FILES, { to: streamer.email ?? "" })).filter((mail) =>
      mail.subject.startsWith("New review"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("nyfan478086 reviewed");
    expect(mails[0]?.text).toContain("4 stars");
    expect(mails[0]?.text).toContain('"Great lobby"');
    expect(mails[0]?.text).toMatch(
      new RegExp(`^Read and reply: https?://[^\\s]+${link.replace(/[#/]/g, "\\$&")}$`, "m"),
    );
    const notice = await env.DB.prepare("SELECT title, url FROM notifications WHERE user_id = ?")
      .bind(streamer.id)
      .first<{ title: string; url: string }>();
    expect(notice?.url).toBe(link);
    expect(notice?.title).toMatch(/^New review: 4 stars from nyfan478086 for /);
  });
});
