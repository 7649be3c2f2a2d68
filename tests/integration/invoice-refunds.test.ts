import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { formatWhen } from "~/features/time/format";
import { owedRefundsStatement } from "~/features/wallet/ledger.server";
import { invoiceAmount } from "~/lib/invoice";
import { getDb } from "~/platform/db.server";
import { appOrigin } from "~/platform/env.server";
import { orders } from "~db/schema";
import {
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
} from "../factories";
import { pdfText } from "../support/pdf-text";
import { ORIGIN, request } from "./app";

/**
 * The invoice after refunds (app/features/booking/invoice.server.ts): its status says what happened to the money,
 * a Refunds section lists each refund with its amount and date in the reader's zone (or "pending" while owed), and
 * the Cancellation Policy is an absolute link, since a PDF is read away from the site.
 */
const HOUR = 3_600_000;
const ZONE = "America/New_York";

async function fanWithBooking(startsInMs: number) {
  const streamer = await createStreamer(env.DB, { fullName: "Ava Streamer" });
  const platform = await createPlatform(env.DB, `pc${Math.floor(Math.random() * 1e9)}`);
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game, { title: "Ranked duos with Ava" });
  const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + startsInMs), { seats: 4 });
  const fan = await createUser(env.DB, { timeZone: ZONE });
  const booking = await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, "confirmed", 2);
  const cookie = (await createSession(env, fan.id)).split(";")[0] ?? "";
  return { fan, booking, cookie };
}

function cancel(bookingId: string, cookie: string) {
  return request("/api/post/slots/delete/user", {
    method: "POST",
    body: JSON.stringify({ bookingId }),
    headers: { Cookie: cookie, "Content-Type": "application/json" },
  });
}

/** The invoice's text, in the fan's saved zone (no ?tz=). */
async function invoiceText(orderId: string, cookie: string): Promise<string> {
  const response = await request(`/api/get/user_order/invoice/${orderId}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return pdfText(await PDFDocument.load(new Uint8Array(await response.arrayBuffer())));
}

async function refundRows(orderId: string) {
  const { results } = await env.DB.prepare(
    "SELECT amount_minor AS amount, status, settled_at AS settledAt FROM refunds WHERE order_id = ? ORDER BY created_at",
  )
    .bind(orderId)
    .all<{ amount: number; status: string; settledAt: number | null }>();
  return results;
}

describe("the invoice after refunds", () => {
  it("reads Refunded after a full refund, with the refund's amount and date in the fan's zone", async () => {
    const { booking, cookie } = await fanWithBooking(72 * HOUR);
    expect((await invoiceText(booking.orderId, cookie)).match(/Status: (\w+)/)?.[1]).toBe("Confirmed");

    expect((await cancel(booking.id, cookie)).status).toBe(200);
    const [refund] = await refundRows(booking.orderId);
    expect(refund).toMatchObject({ amount: 2000, status: "succeeded" });
    const text = await invoiceText(booking.orderId, cookie);
    expect(text).toContain("Status: Refunded");
    expect(text).not.toMatch(/Status: (?:Confirmed|confirmed|Partially)/);
    expect(text).toContain("Refunds");
    expect(text).toContain(`Refunded to wallet on ${formatWhen(refund?.settledAt ?? 0, ZONE)}`);
    expect(text).toMatch(/ E[SD]T/);
    expect(text).toContain(invoiceAmount(-2000, "USD"));
    expect(text).toContain("Net paid");
  });

  it("reads Partially refunded after a partial refund, and lists a refund still owed as pending", async () => {
    // 12 hours before the start: the policy's 50% tier (app/features/booking/cancellation-policy.ts).
    const { booking, cookie } = await fanWithBooking(12 * HOUR);
    expect((await cancel(booking.id, cookie)).status).toBe(200);
    const [partial] = await refundRows(booking.orderId);
    expect(partial).toMatchObject({ amount: 1000, status: "succeeded" });
    let text = await invoiceText(booking.orderId, cookie);
    expect(text).toContain("Status: Partially refunded");
    expect(text).toContain(`Refunded to wallet on ${formatWhen(partial?.settledAt ?? 0, ZONE)}`);
    expect(text).toContain(invoiceAmount(-1000, "USD"));
    expect(text).not.toContain("pending");

    // The rest owed (as a streamer's cancellation would owe it) and not carried out yet: it reads pending.
    const db = getDb(env);
    await owedRefundsStatement(db, {
      orders: eq(orders.id, booking.orderId),
      reason: "test: the rest owed",
      createdBy: null,
      now: new Date(),
    });
    expect((await refundRows(booking.orderId)).map((r) => r.status)).toEqual(["succeeded", "pending"]);
    text = await invoiceText(booking.orderId, cookie);
    expect(text).toContain("Status: Partially refunded");
    expect(text).toContain("Refund to wallet pending");
  });

  it("links the Cancellation Policy absolutely and dates the invoice, the order and the payment in the fan's zone", async () => {
    const { booking, cookie } = await fanWithBooking(72 * HOUR);
    const [order] = await getDb(env)
      .select({ createdAt: orders.createdAt, paidAt: orders.paidAt })
      .from(orders)
      .where(eq(orders.id, booking.orderId));
    const text = await invoiceText(booking.orderId, cookie);
    // The public origin, as links in emails are made (PUBLIC_ORIGIN, else the request's own origin).
    const origin = appOrigin(env, new URL(ORIGIN));
    expect(origin).toMatch(/^https?:\/\/[^/]+$/);
    expect(text).toContain(`Refunds follow the Cancellation Policy at ${origin}/cancellation-policy.`);
    expect(text).toContain(`Order date: ${formatWhen(order?.createdAt ?? 0, ZONE)}`);
    expect(text).toContain(`Paid: ${formatWhen(order?.paidAt ?? 0, ZONE)} (card)`);
    expect(text).toMatch(/Invoice date: \w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} E[SD]T/);
    expect(text).not.toContain(" UTC");
  });
});
