import { DEFAULT_PAYOUT_TAX_BPS, payoutTotals } from "~/features/payouts/totals";
import { DAY, HISTORY_DAYS, HOUR, type Row, type SeedContext, type StreamerRef } from "../shared";
import type { SeedDemoStaffOut, SeedStreamerProfilesOut, SeedStreamersOut } from "./people";

/** Payouts of validated paid orders, totals from app/features/payouts/totals.ts. */

/** Seed: payouts. */
export function seedPayouts(
  ctx: SeedContext,
  deps: Pick<SeedDemoStaffOut, "financeId"> &
    Pick<SeedStreamersOut, "demoStreamer" | "streamers"> &
    Pick<SeedStreamerProfilesOut, "verifiedIds">,
) {
  const { rnd, now, data, at, nextId } = ctx;
  const { demoStreamer, financeId, streamers, verifiedIds } = deps;
  const payoutRates = { ...DEFAULT_PAYOUT_TAX_BPS };
  const payableByStreamer = new Map<string, Row<"orders">[]>();
  for (const order of data.orders) {
    if (order.status !== "paid" || !order.validatedAt || !order.streamerId) continue;
    const list = payableByStreamer.get(order.streamerId) ?? [];
    list.push(order);
    payableByStreamer.set(order.streamerId, list);
  }
  const addPayout = (
    streamer: StreamerRef,
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
    const totals = payoutTotals(nets, { platformFeeBps: streamer.feeBps, ...payoutRates });
    const completedAt = status === "completed" ? created + rnd.int(2, 5) * DAY : null;
    const removedAt = status === "removed" ? created + HOUR : null;
    data.payouts.push({
      id,
      streamerId: streamer.id,
      periodStart: at(periodStart),
      periodEnd: at(periodEnd),
      status,
      platformFeeBps: streamer.feeBps,
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
  for (const streamer of streamers) {
    const payable = payableByStreamer.get(streamer.id) ?? [];
    const isDemo = streamer === demoStreamer;
    // Payouts need verified onboarding (docs/domain.md).
    if (payable.length === 0 || !verifiedIds.has(streamer.id) || (!isDemo && !rnd.chance(0.5))) continue;
    const draft = isDemo || rnd.chance(0.4);
    let removedOne = false;
    for (const currency of ["INR", "USD"] as const) {
      const ofCurrency = payable.filter((order) => order.currency === currency);
      const older = ofCurrency.filter(
        (order) => (order.paidAt?.getTime() ?? 0) < cutoff && (order.validatedAt?.getTime() ?? now) < cutoff,
      );
      const newer = ofCurrency.filter((order) => !older.includes(order));
      const start = now - (HISTORY_DAYS + 10) * DAY;
      addPayout(streamer, older, "completed", start, cutoff, cutoff + rnd.int(1, 2) * DAY);
      if (draft) {
        // The demo star also has a removed draft whose order was merged into the current draft.
        if (isDemo && !removedOne && newer.length > 1) {
          addPayout(streamer, newer.slice(0, 1), "removed", cutoff, now - 3 * DAY, now - 2 * DAY);
          removedOne = true;
        }
        addPayout(streamer, newer, "draft", cutoff, now, now);
      }
    }
  }
}
