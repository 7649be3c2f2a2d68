import { DAY, type SeedContext } from "../shared";
import { paidByCard } from "./packs";
import type { SeedFansOut, SeedStreamersOut } from "./people";

/**
 * VIP passes (docs/domain.md "VIP pass", ADR 032): the demo streamer offers a pass of 5 VIP places, and the demo fan
 * bought one two days ago, so a demo shows the pass on the star page, "VIP pass" in the live page's VIP form and the
 * places on the profile at once. The places are the pass's one purchase entry; it was paid by card, seeded without
 * that payment's trail as the pack is (packs.ts).
 */
export function seedPasses(
  ctx: SeedContext,
  deps: Pick<SeedStreamersOut, "demoStreamer"> & Pick<SeedFansOut, "demoFan">,
) {
  const { now, data, at } = ctx;
  const currency = deps.demoStreamer.gigs[0]?.row.baseCurrency;
  if (!currency) return;
  const places = 5;
  // ₹1,500 or $15 for five VIP places.
  const priceMinor = currency === "INR" ? 150_000 : 1_500;
  const offerId = "pso_demo_000001";
  data.passOffers.push({
    id: offerId,
    streamerId: deps.demoStreamer.id,
    places,
    listPriceMinor: priceMinor,
    currency,
    validDays: 60,
    active: true,
    createdAt: at(now - 20 * DAY),
    updatedAt: at(now - 20 * DAY),
  });
  const bought = now - 2 * DAY;
  const passId = "psp_demo_000001";
  data.passPurchases.push({
    id: passId,
    offerId,
    userId: deps.demoFan.id,
    streamerId: deps.demoStreamer.id,
    places,
    ...paidByCard(ctx, { priceMinor, currency, bought, validDays: 60 }),
  });
  data.passEntries.push({
    id: "pse_demo_000001",
    passId,
    userId: deps.demoFan.id,
    kind: "purchase",
    uses: places,
    valueMinor: priceMinor,
    currency,
    orderId: null,
    createdAt: at(bought),
  });
}
