import { env } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { buyPack, setPackOffer } from "~/features/packs/index.server";
import { buyPassWithWallet, expirePasses, setPassOffer } from "~/features/passes/index.server";
import { confirmCheckout } from "~/features/payments/index.server";
import { platformFeeOf } from "~/features/payouts";
import { formatWhen } from "~/features/time/format";
import { invoiceAmount } from "~/lib/invoice";
import { createUser, creditWallet, viewerOf } from "../factories";
import { pdfText } from "../support/pdf-text";
import { request } from "./app";
import { bookingWorld, fan } from "./booking-world";

/**
 * A session pack's and a VIP pass's own invoice (docs/decisions/040-packs-and-passes-by-card.md): GET
 * /api/get/user_pack/invoice/:id and /api/get/user_pass/invoice/:id, a PDF like an order's, with the price, the
 * platform fee and the GST on the fee by the payouts' rule at the rates of the day it was bought, the card payment's
 * order, and what was refunded at expiry. Its buyer and order staff read it; anyone else (the streamer too) gets 404.
 */
const ORIGIN = "http://localhost";
const ZONE = "Asia/Kolkata";
const stripe = (path: string) => fetch(`${env.STRIPE_STAND_IN_ORIGIN}${path}`, { method: "POST" });

const cookieOf = async (userId: string) => (await createSession(env, userId)).split(";")[0] ?? "";

function invoice(kind: "pack" | "pass", id: string, cookie: string) {
  return request(`/api/get/user_${kind}/invoice/${id}?tz=${encodeURIComponent(ZONE)}`, { headers: { Cookie: cookie } });
}

async function textOf(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  return pdfText(await PDFDocument.load(new Uint8Array(await response.arrayBuffer())));
}

/** A streamer with a 3-session pack at 25 USD on their gig and a 2-place VIP pass at 15 USD, and a fan. */
async function world() {
  const booking = await bookingWorld({ priceMinor: 1000 });
  const streamer = viewerOf(booking.streamer);
  await setPackOffer(env, streamer, booking.gig.id, { sessions: 3, price: 25, validDays: 90, active: true });
  await setPassOffer(env, streamer, { places: 2, price: 15, validDays: 30, active: true });
  const buyer = await fan();
  return { ...booking, buyer, viewer: viewerOf(buyer.user) };
}

/** A pack bought by card and paid (the success door). */
async function packByCard(w: Awaited<ReturnType<typeof world>>) {
  const bought = await buyPack(env, w.viewer, w.gig.id, { paymentMethod: "card" }, { origin: ORIGIN });
  const order = await env.DB.prepare(
    "SELECT o.id, o.checkout_session_id AS session FROM pack_purchases p JOIN orders o ON o.id = p.order_id WHERE p.id = ?",
  )
    .bind(bought.packId)
    .first<{ id: string; session: string }>();
  if (!order) throw new Error("no card order");
  return { bought, order };
}

describe("a session pack's invoice", () => {
  it("shows the price, the platform fee and the GST on it, and the card payment, to its buyer", async () => {
    const w = await world();
    const { bought, order } = await packByCard(w);
    // Not paid yet: no invoice.
    expect((await invoice("pack", bought.packId, w.buyer.cookie)).status).toBe(404);
    await stripe(`/__control/sessions/${order.session}/complete`);
    await confirmCheckout(env, w.viewer, order.session);

    // Bought at the streamer's 20% fee and the 18% GST on it; changed later, the invoice keeps the day's rates.
    await env.DB.prepare("UPDATE influencer_profiles SET platform_fee_bps = 3000 WHERE user_id = ?")
      .bind(w.streamer.id)
      .run();
    const text = await textOf(await invoice("pack", bought.packId, w.buyer.cookie));
    const fee = platformFeeOf(2500, { platformFeeBps: 2000, platformFeeIndirectTaxBps: 1800 });
    expect(fee).toEqual({ platformFeeMinor: 500, platformFeeIndirectTaxMinor: 90 });
    expect(text).toContain(`Session pack ID: ${bought.packId}`);
    expect(text).toContain(`Card payment: order ${order.id}`);
    expect(text).toMatch(/Paid: .+ \(card\)/);
    expect(text).toContain("Price");
    expect(text).toContain(invoiceAmount(2500, "USD"));
    expect(text).toContain("Platform fee (20% of the price, included)");
    expect(text).toContain(invoiceAmount(500, "USD"));
    expect(text).toContain("GST on the platform fee (18%, included)");
    expect(text).toContain(invoiceAmount(90, "USD"));
    expect(text).toContain("Total charged");
    expect(text).toContain("Sessions: 3");
    const pack = await env.DB.prepare("SELECT expires_at FROM pack_purchases WHERE id = ?")
      .bind(bought.packId)
      .first<{ expires_at: number }>();
    expect(text).toContain(`Valid until: ${formatWhen(pack?.expires_at ?? 0, ZONE)}`);
    expect(text).not.toContain("Net paid");
  });

  it("is read by its buyer and order staff only: 404 for another fan, the streamer and other staff", async () => {
    const w = await world();
    const { bought, order } = await packByCard(w);
    await stripe(`/__control/sessions/${order.session}/complete`);
    await confirmCheckout(env, w.viewer, order.session);

    const other = await fan();
    const finance = await cookieOf((await createUser(env.DB, { role: "finance" })).id);
    const admin = await cookieOf((await createUser(env.DB, { role: "admin" })).id);
    const marketing = await cookieOf((await createUser(env.DB, { role: "marketing" })).id);
    const streamer = await cookieOf(w.streamer.id);

    expect((await invoice("pack", bought.packId, w.buyer.cookie)).status).toBe(200);
    expect((await invoice("pack", bought.packId, finance)).status).toBe(200);
    expect((await invoice("pack", bought.packId, admin)).status).toBe(200);
    for (const cookie of [other.cookie, streamer, marketing]) {
      const refused = await invoice("pack", bought.packId, cookie);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ success: false, message: "Invoice not found" });
    }
    // A pack's id is no pass's, and an unknown id is not found either.
    expect((await invoice("pass", bought.packId, w.buyer.cookie)).status).toBe(404);
    expect((await invoice("pack", "no-such-pack", w.buyer.cookie)).status).toBe(404);
    // Signed out: sign in first.
    expect((await request(`/api/get/user_pack/invoice/${bought.packId}`)).status).toBe(401);
  });

  it("is linked where the fan sees the pack on their profile", async () => {
    const w = await world();
    await creditWallet(env.DB, w.buyer.user.id, 5_000);
    const bought = await buyPack(env, w.viewer, w.gig.id, { paymentMethod: "wallet" });
    const html = await (await request("/profile", { headers: { Cookie: w.buyer.cookie } })).text();
    expect(html).toContain(`href="/api/get/user_pack/invoice/${bought.packId}"`);
    const text = await textOf(await invoice("pack", bought.packId, w.buyer.cookie));
    expect(text).toMatch(/Paid: .+ \(wallet\)/);
    expect(text).not.toContain("Card payment");
  });
});

describe("a VIP pass's invoice", () => {
  it("shows its fee and GST, and after it ran out what was refunded and the net paid", async () => {
    const w = await world();
    await creditWallet(env.DB, w.buyer.user.id, 5_000);
    const bought = await buyPassWithWallet(env, w.viewer, w.streamer.id);
    const html = await (await request("/profile", { headers: { Cookie: w.buyer.cookie } })).text();
    expect(html).toContain(`href="/api/get/user_pass/invoice/${bought.passId}"`);

    let text = await textOf(await invoice("pass", bought.passId, w.buyer.cookie));
    expect(text).toContain(`VIP pass ID: ${bought.passId}`);
    expect(text).toContain("VIP places: 2");
    expect(text).toContain(invoiceAmount(1500, "USD"));
    expect(text).toContain(invoiceAmount(300, "USD")); // 20% of 15.00
    expect(text).toContain(invoiceAmount(54, "USD")); // 18% of 3.00

    // Run out unused: the whole value back to the wallet, listed as a refund.
    expect(await expirePasses(env, new Date(Date.now() + 31 * 86_400_000))).toBe(1);
    text = await textOf(await invoice("pass", bought.passId, w.buyer.cookie));
    expect(text).toContain("Refunds");
    expect(text).toContain("Unused VIP places refunded to wallet on");
    expect(text).toContain(invoiceAmount(-1500, "USD"));
    expect(text).toContain("Net paid");
    expect(text).toContain(invoiceAmount(0, "USD"));
    // The streamer paid by the pass reads no invoice of the fan's.
    expect((await invoice("pass", bought.passId, await cookieOf(w.streamer.id))).status).toBe(404);
  });
});
