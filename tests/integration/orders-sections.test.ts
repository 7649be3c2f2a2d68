import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { postReview } from "~/features/reviews/reviews.server";
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
import { readPage } from "../support/page";
import { request } from "./app";

const HOUR = 3_600_000;

/**
 * A fan with 12 upcoming sessions (two pages), two past ones (one reviewed), one cancelled after paying, and one
 * checkout they abandoned (never paid).
 */
async function world() {
  const streamer = await createStreamer(env.DB, { fullName: "Ava Streamer" });
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game, { title: "Ranked duos with Ava" });
  const fan = await createUser(env.DB);
  const slotAt = (hours: number) => createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + hours * HOUR));
  const book = async (hours: number, status: "confirmed" | "cancelled" | "expired", order = {}) => {
    const slot = await slotAt(hours);
    return createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, status, 1, null, order);
  };
  for (let i = 1; i <= 12; i++) await book(24 * i, "confirmed");
  const played = await book(-72, "confirmed");
  const reviewed = await book(-48, "confirmed");
  await postReview(env, viewerOf(fan), reviewed.orderId, { rating: 4, comment: "Good games" });
  const cancelled = await book(96 + 1, "cancelled", { status: "paid", paidAt: new Date() });
  const abandoned = await book(120 + 1, "expired", { status: "cancelled" });
  const cookie = (await createSession(env, fan.id)).split(";")[0] ?? "";
  return { played, reviewed, cancelled, abandoned, cookie };
}

const open = async (path: string, cookie: string) => {
  const response = await request(path, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return readPage(response);
};

const ordersIn = (page: Awaited<ReturnType<typeof open>>, section: string) =>
  page.all(`#orders-${section} [data-testid="order"]`).map((card) => card.getAttribute("data-order-id"));

describe("the fan's orders in sections", () => {
  it("splits Upcoming, Past and Cancelled, pages each on its own, and keeps abandoned checkouts apart", async () => {
    const w = await world();
    const first = await open("/profile", w.cookie);
    expect(first.textsOf("#orders section > h3")).toEqual([
      "Upcoming (12)",
      "Past (2)",
      "Cancelled (1)",
      "Checkout not completed (1)",
    ]);
    expect(ordersIn(first, "upcoming")).toHaveLength(10);
    expect(ordersIn(first, "past").sort()).toEqual([w.played.orderId, w.reviewed.orderId].sort());
    expect(ordersIn(first, "cancelled")).toEqual([w.cancelled.orderId]);
    expect(ordersIn(first, "unpaid")).toEqual([w.abandoned.orderId]);

    // Past sessions prompt a review, or say it was written.
    const card = (id: string) => first.get(`#orders-past [data-order-id="${id}"]`).textContent ?? "";
    expect(card(w.played.orderId)).toContain("Review this session");
    expect(card(w.reviewed.orderId)).toContain("Reviewed");
    expect(card(w.reviewed.orderId)).not.toContain("Review this session");

    // An abandoned checkout has no invoice, on the page or at the invoice's address.
    const unpaid = first.get(`#orders-unpaid [data-order-id="${w.abandoned.orderId}"]`);
    expect(unpaid.querySelector("a[download]")).toBeNull();
    const invoice = await request(`/api/get/user_order/invoice/${w.abandoned.orderId}`, {
      headers: { Cookie: w.cookie },
    });
    expect(invoice.status).toBe(404);

    // Upcoming's next page is a plain link; following it leaves the other sections where they were.
    const next = first.get('nav[aria-label="Upcoming pages"] a').getAttribute("href") ?? "";
    expect(next).toBe("/profile?upcomingPage=2#orders-upcoming");
    const second = await open(next, w.cookie);
    expect(ordersIn(second, "upcoming")).toHaveLength(2);
    expect(second.textOf('nav[aria-label="Upcoming pages"] span')).toBe("Page 2 of 2");
    expect(ordersIn(second, "past")).toHaveLength(2);
    expect(ordersIn(second, "cancelled")).toEqual([w.cancelled.orderId]);
  });
});
