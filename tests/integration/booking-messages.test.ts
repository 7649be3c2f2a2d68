import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cancelBooking } from "~/features/booking/cancel.server";
import { fullRefundDeadline } from "~/features/booking/cancellation-policy";
import { bookingInvite } from "~/features/booking/invite.server";
import { placeOrder } from "~/features/booking/purchase.server";
import { sendReviewPrompts } from "~/features/booking/review-prompts.server";
import { postReview } from "~/features/reviews/reviews.server";
import { cancelSlot } from "~/features/slots/slots.server";
import { removeStreamer } from "~/features/staff-streamers/streamers.server";
import { formatWhen } from "~/features/time";
import { formatMoney, money } from "~/lib/money";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { createPromoCode, creditWallet, viewerOf } from "../factories";
import { parseIcs } from "../support/ics";
import { staffUser } from "./admin-world";
import { bookingWorld, fan } from "./booking-world";

const DAY = 86_400_000;

/** A fan in India who books one seat of a fresh slot from their wallet, optionally with a promo code. */
async function bookedByWallet(promoCode?: string) {
  const world = await bookingWorld({ seats: 2, startsInMs: 3 * DAY });
  const buyer = await fan({ fullName: "Asha Rao", timeZone: "Asia/Kolkata" });
  await creditWallet(env.DB, buyer.user.id, 1_000_000);
  const placed = await placeOrder(
    env,
    viewerOf(buyer.user),
    { slotId: world.slot.id, numberOfPlayers: 1, multipleGamerTags: ["Ace"], promoCode, paymentMethod: "wallet" },
    "http://localhost",
  );
  const gig = await env.DB.prepare("SELECT title FROM products WHERE id = ?")
    .bind(world.gig.id)
    .first<{ title: string }>();
  return { world, buyer, placed, title: gig?.title ?? "" };
}

async function mailsTo(email: string | null, subject: RegExp) {
  return (await readOutbox(env.PRIVATE_FILES, { to: email ?? "" })).filter((mail) => subject.test(mail.subject));
}

/** The one invite attached to a mail, read back as a calendar app reads it. */
function inviteOf(mail: { attachments?: { content: string; contentType: string }[] } | undefined) {
  expect(mail?.attachments).toHaveLength(1);
  const attachment = mail?.attachments?.[0];
  const calendar = parseIcs(attachment?.content ?? "");
  const method = calendar.properties.find((p) => p.name === "METHOD")?.value;
  expect(attachment?.contentType).toContain(`method=${method}`);
  expect(calendar.events).toHaveLength(1);
  const event = calendar.events[0] ?? {};
  return { method, uid: event.UID?.value, sequence: Number(event.SEQUENCE?.value), status: event.STATUS?.value };
}

/** Asserts the fan's cancellation mail withdraws the confirmation's event: same UID, METHOD:CANCEL, higher SEQUENCE. */
async function expectInviteWithdrawn(email: string | null, subject: RegExp) {
  const [confirmation] = await mailsTo(email, /Booking confirmed/);
  const request = inviteOf(confirmation);
  expect(request).toMatchObject({ method: "REQUEST", sequence: 0, status: "CONFIRMED" });
  const cancellations = await mailsTo(email, subject);
  expect(cancellations).toHaveLength(1);
  const cancel = inviteOf(cancellations[0]);
  expect(cancel).toMatchObject({ method: "CANCEL", uid: request.uid, status: "CANCELLED" });
  expect(cancel.sequence).toBeGreaterThan(request.sequence);
  return cancellations[0];
}

describe("the booking confirmation", () => {
  it("names the gig, the streamer, the seats, the amount and discount, the full-refund deadline and the order page", async () => {
    const promo = await createPromoCode(env.DB);
    const { world, buyer, placed, title } = await bookedByWallet(promo.code);
    expect(placed.discountMinor).toBeGreaterThan(0);
    const [mail] = await mailsTo(buyer.user.email, /Booking confirmed/);
    const text = mail?.text ?? "";
    expect(text).toContain(title);
    expect(text).toContain("Test Star");
    expect(text).toContain("1 seat.");
    expect(text).toContain(`You paid ${formatMoney(money(placed.amountMinor, placed.currency))}`);
    expect(text).toContain(`${formatMoney(money(placed.discountMinor, placed.currency))} off with ${promo.code}`);
    const deadline = formatWhen(fullRefundDeadline(world.startsAt), "Asia/Kolkata");
    expect(deadline).toContain("IST");
    expect(text).toContain(`Cancel before ${deadline} for a full refund`);
    expect(text).toMatch(new RegExp(`https?://[^\\s]+/profile/orders/${placed.orderId}$`, "m"));
    expect(mail?.html).toContain(`/profile/orders/${placed.orderId}"`);
    expect(inviteOf(mail)).toMatchObject({
      method: "REQUEST",
      uid: `booking-${placed.orderId}@noobrd.gg`,
      sequence: 0,
    });
  });
});

describe("a cancellation, whoever makes it, withdraws the invite", () => {
  it("by the fan: the fan's email cancels the event and the streamer is told who cancelled what", async () => {
    const { world, buyer, placed, title } = await bookedByWallet();
    await cancelBooking(env, viewerOf(buyer.user), placed.bookingId);
    const mail = await expectInviteWithdrawn(buyer.user.email, /^Cancelled:/);
    expect(mail?.text).toContain(`${formatMoney(money(placed.amountMinor, placed.currency))} was refunded to your`);
    const [told] = await mailsTo(world.streamer.email, /A fan cancelled/);
    expect(told?.text).toContain(`Asha Rao cancelled their booking of ${title} at `);
    const notice = await env.DB.prepare("SELECT title FROM notifications WHERE user_id = ?")
      .bind(world.streamer.id)
      .first<{ title: string }>();
    expect(notice?.title).toMatch(new RegExp(`^Asha Rao cancelled their booking of ${title} at .+\\.$`));
  });

  it("by the streamer cancelling the slot", async () => {
    const { world, buyer, placed } = await bookedByWallet();
    await cancelSlot(env, viewerOf(world.streamer), world.slot.id);
    const mail = await expectInviteWithdrawn(buyer.user.email, /^Cancelled:/);
    expect(mail?.text).toContain(formatMoney(money(placed.amountMinor, placed.currency)));
    expect(mail?.text).toContain("wallet");
    expect(mail?.text).toContain("The streamer cancelled");
  });

  it("by staff removing the streamer", async () => {
    const { world, buyer } = await bookedByWallet();
    const admin = await staffUser("admin");
    await removeStreamer(env, admin.viewer, world.streamer.id, { removeClean: true });
    // The fan is told why: not "the streamer cancelled", which they did not.
    const mail = await expectInviteWithdrawn(buyer.user.email, /^Cancelled:/);
    expect(mail?.text).toContain("is cancelled: its streamer no longer offers sessions on Noobrd.");
    expect(mail?.text).not.toContain("The streamer cancelled");
    const notice = await env.DB.prepare("SELECT title FROM notifications WHERE user_id = ?")
      .bind(buyer.user.id)
      .all<{ title: string }>();
    expect(notice.results.map((row) => row.title)).toContain(
      "Your session is cancelled (its streamer left Noobrd); you got a full refund to your wallet",
    );
  });
});

/** The slot's end, and a minute after it. */
async function afterTheEnd(slotId: string) {
  const slot = await env.DB.prepare("SELECT ends_at FROM slots WHERE id = ?").bind(slotId).first<{ ends_at: number }>();
  return { end: new Date(slot?.ends_at ?? 0), after: new Date((slot?.ends_at ?? 0) + 60_000) };
}

const promptNotices = async (userId: string) =>
  (
    await env.DB.prepare("SELECT title, url FROM notifications WHERE user_id = ? AND title LIKE 'How was it?%'")
      .bind(userId)
      .all<{ title: string; url: string }>()
  ).results;

describe("after a session: How was it?", () => {
  it("asks once, after the slot's end, with a link to the review form", async () => {
    const { world, buyer, placed, title } = await bookedByWallet();
    const { end, after } = await afterTheEnd(world.slot.id);
    const keys = [`review-prompt:${placed.bookingId}:email`, `review-prompt:${placed.bookingId}:notification`];
    const written = async (at: Date) => (await sendReviewPrompts(env, at)).filter((key) => keys.includes(key));
    expect(await written(new Date(end.getTime() - 60_000))).toEqual([]);
    expect((await written(after)).sort()).toEqual(keys);
    expect(await written(new Date(after.getTime() + 5 * 60_000))).toEqual([]);
    const mails = await mailsTo(buyer.user.email, /^How was it\?/);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`How was it? ${title}`);
    expect(mails[0]?.text).toMatch(new RegExp(`https?://[^\\s]+/profile/orders/${placed.orderId}/review$`, "m"));
    expect(await promptNotices(buyer.user.id)).toEqual([
      { title: `How was it? Review ${title}`, url: `/profile/orders/${placed.orderId}/review` },
    ]);
  });

  it("never asks about a cancelled booking, nor about one already reviewed", async () => {
    const cancelled = await bookedByWallet();
    await cancelBooking(env, viewerOf(cancelled.buyer.user), cancelled.placed.bookingId);
    const reviewed = await bookedByWallet();
    const { after } = await afterTheEnd(reviewed.world.slot.id);
    await postReview(
      env,
      viewerOf(reviewed.buyer.user),
      reviewed.placed.orderId,
      { rating: 5, comment: "Great game" },
      after,
    );
    const ours = (keys: string[]) =>
      keys.filter((key) => [cancelled, reviewed].some(({ placed }) => key.includes(placed.bookingId)));
    expect(ours(await sendReviewPrompts(env, (await afterTheEnd(cancelled.world.slot.id)).after))).toEqual([]);
    expect(ours(await sendReviewPrompts(env, after))).toEqual([]);
    for (const { buyer } of [cancelled, reviewed]) {
      expect(await mailsTo(buyer.user.email, /^How was it\?/)).toEqual([]);
      expect(await promptNotices(buyer.user.id)).toEqual([]);
    }
  });
});

describe("calendar text", () => {
  it("escapes every line separator, so a title cannot add lines to the event", () => {
    const at = new Date("2027-03-01T13:30:00Z");
    const title = "a\r\nb\rc\nd\u2028e\u2029f\u0085g";
    const ics = bookingInvite({
      orderId: "o1",
      title,
      startsAt: at,
      endsAt: new Date(at.getTime() + 3_600_000),
      url: "https://noobrd.example/profile/orders/o1",
      timeZone: "UTC",
      organizerEmail: "hello@noobrd.gg",
      streamerName: "Test Star",
      attendeeEmail: "fan@example.com",
      attendeeName: "A Fan",
    });
    const unfolded = ics.replace(/\r\n[ \t]/g, "");
    for (const separator of ["\r", "\n", "\u2028", "\u2029", "\u0085"]) {
      expect(unfolded.split("\r\n").join("").includes(separator), JSON.stringify(separator)).toBe(false);
    }
    expect(parseIcs(ics).events[0]?.SUMMARY?.value).toBe("a\nb\nc\nd\ne\nf\ng");
  });
});
