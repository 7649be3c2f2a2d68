import { DEFAULT_PAYOUT_TAX_BPS, payoutTotals } from "~/features/payouts/totals";
import { DAY, HISTORY_DAYS, HOUR, type InfluencerRef, type Row, type SeedContext } from "../shared";
import type { SeedDemoStaffOut, SeedInfluencerProfilesOut, SeedInfluencersOut } from "./people";

/** Payouts of validated paid orders, totals from app/features/payouts/totals.ts. */

/** Seed: payouts. */
export function seedPayouts(
  ctx: SeedContext,
  deps: Pick<SeedDemoStaffOut, "financeId"> &
    Pick<SeedInfluencersOut, "demoInfluencer" | "influencers"> &
    Pick<SeedInfluencerProfilesOut, "verifiedIds">,
) {
  const { rnd, now, data, at, nextId } = ctx;
  const { demoInfluencer, financeId, influencers, verifiedIds } = deps;
  const payoutRates = { ...DEFAULT_PAYOUT_TAX_BPS };
  const payableByInfluencer = new Map<string, Row<"orders">[]>();
  for (const order of data.orders) {
    if (order.status !== "paid" || !order.validatedAt || !order.influencerId) continue;
    const list = payableByInfluencer.get(order.influencerId) ?? [];
    list.push(order);
    payableByInfluencer.set(order.influencerId, list);
  }
  const addPayout = (
    influencer: InfluencerRef,
    orders: Row<"orders">[],
    status: "draft" | "completed" | "removed",
    periodStart: number,
    periodEnd: number,
    created: number,
  ) => {
    if (orders.length === 0) return;
    const id = nextId.payout();
    // Only `paid` orders are seeded into payouts: nothing refunded or owed, so each one's net is its amount.
    const nets = orders.map((order) => ({ netMinor: order.amountMinor }));
    const totals = payoutTotals(nets, { platformFeeBps: influencer.feeBps, ...payoutRates });
    const completedAt = status === "completed" ? created + rnd.int(2, 5) * DAY : null;
    const removedAt = status === "removed" ? created + HOUR : null;
    data.payouts.push({
      id,
      influencerId: influencer.id,
      periodStart: at(periodStart),
      periodEnd: at(periodEnd),
      status,
      platformFeeBps: influencer.feeBps,
      ...payoutRates,
      // A payout settles orders of one currency (the orders' own: fans pay in theirs, docs/decisions/020).
      currency: orders[0]?.currency ?? "USD",
      ...totals,
      spreadsheetKey: completedAt === null ? null : `payouts/${id}.xlsx`,
      createdBy: financeId,
      activatedAt: completedAt === null ? null : at(created + DAY),
      completedAt: completedAt === null ? null : at(completedAt),
      removedAt: removedAt === null ? null : at(removedAt),
      createdAt: at(created),
      updatedAt: at(completedAt ?? removedAt ?? created),
    });
    for (const order of orders) {
      data.payoutOrders.push({ payoutId: id, orderId: order.id, active: status !== "removed", createdAt: at(created) });
    }
  };
  const cutoff = now - 15 * DAY;
  for (const influencer of influencers) {
    const payable = payableByInfluencer.get(influencer.id) ?? [];
    const isDemo = influencer === demoInfluencer;
    // Payouts need verified onboarding (docs/domain.md).
    if (payable.length === 0 || !verifiedIds.has(influencer.id) || (!isDemo && !rnd.chance(0.5))) continue;
    const draft = isDemo || rnd.chance(0.4);
    let removedOne = false;
    for (const currency of ["INR", "USD"] as const) {
      const ofCurrency = payable.filter((order) => order.currency === currency);
      const older = ofCurrency.filter(
        (order) => (order.paidAt?.getTime() ?? 0) < cutoff && (order.validatedAt?.getTime() ?? now) < cutoff,
      );
      const newer = ofCurrency.filter((order) => !older.includes(order));
      const start = now - (HISTORY_DAYS + 10) * DAY;
      addPayout(influencer, older, "completed", start, cutoff, cutoff + rnd.int(1, 2) * DAY);
      if (draft) {
        // The demo star also has a removed draft whose order was merged into the current draft.
        if (isDemo && !removedOne && newer.length > 1) {
          addPayout(influencer, newer.slice(0, 1), "removed", cutoff, now - 3 * DAY, now - 2 * DAY);
          removedOne = true;
        }
        addPayout(influencer, newer, "draft", cutoff, now, now);
      }
    }
  }
}
