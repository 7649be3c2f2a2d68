import { RATE_SCALE } from "~/lib/money";
import { DAY, type SeedContext, USD_TO_INR } from "../shared";
import type { SeedFansOut, SeedStreamersOut } from "./people";

/**
 * Session packs (docs/domain.md "Session pack", ADR 027): the demo streamer offers a pack on their first gig, and the
 * demo fan bought one three days ago, so a demo shows the pack on the gig page, "Pack credit" in the booking form and
 * the credits on the profile at once. The pack's credits are its one purchase entry (its balance is the sum of its
 * ledger's entries). It is seeded as paid by card without that payment's trail (ADR 040: a top-up order whose wallet
 * credit pays the pack in the same batch, netting nothing), so no order and no wallet entry is seeded with it; its
 * invoice reads today's platform fee (no rates snapshotted).
 */
export function seedPacks(
  ctx: SeedContext,
  deps: Pick<SeedStreamersOut, "demoStreamer"> & Pick<SeedFansOut, "demoFan">,
) {
  const { now, data, at } = ctx;
  const gig = deps.demoStreamer.gigs[0];
  const single = gig?.row.listPriceMinor;
  const currency = gig?.row.baseCurrency;
  if (!gig || !single || !currency) return;
  const sessions = 5;
  // Four sessions' price for five: one free.
  const priceMinor = single * 4;
  const offerId = "pko_demo_000001";
  data.packOffers.push({
    id: offerId,
    gigId: gig.row.id,
    streamerId: deps.demoStreamer.id,
    sessions,
    listPriceMinor: priceMinor,
    currency,
    validDays: 90,
    active: true,
    createdAt: at(now - 20 * DAY),
    updatedAt: at(now - 20 * DAY),
  });
  const bought = now - 3 * DAY;
  const packId = "pkp_demo_000001";
  data.packPurchases.push({
    id: packId,
    offerId,
    userId: deps.demoFan.id,
    streamerId: deps.demoStreamer.id,
    gigId: gig.row.id,
    sessions,
    ...paidByCard(ctx, { priceMinor, currency, bought, validDays: 90 }),
  });
  data.packCreditEntries.push({
    id: "pke_demo_000001",
    packId,
    userId: deps.demoFan.id,
    kind: "purchase",
    credits: sessions,
    valueMinor: priceMinor,
    currency,
    orderId: null,
    createdAt: at(bought),
  });
}

/** The columns of something bought in advance by card at `bought` (a pack here, the VIP pass in passes.ts). */
export function paidByCard(
  ctx: SeedContext,
  row: { priceMinor: number; currency: "INR" | "USD"; bought: number; validDays: number },
) {
  return {
    amountMinor: row.priceMinor,
    currency: row.currency,
    rateMicros: row.currency === "INR" ? Math.round(USD_TO_INR * RATE_SCALE) : RATE_SCALE,
    paymentMethod: "card" as const,
    status: "paid" as const,
    checkoutSessionId: null,
    paidAt: ctx.at(row.bought),
    expiresAt: ctx.at(row.bought + row.validDays * DAY),
    createdAt: ctx.at(row.bought),
    updatedAt: ctx.at(row.bought),
  };
}
