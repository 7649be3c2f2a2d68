import { type CurrencyCode, priceIn, RATE_SCALE } from "~/lib/money";
import type { BookingStatus } from "~db/schema";
import {
  type BookingRef,
  DAY,
  type FanRef,
  HISTORY_DAYS,
  HOUR,
  lobbyCode,
  MINUTE,
  type PromoRef,
  type Row,
  type SeedContext,
  type SlotRef,
  USD_TO_INR,
} from "../shared";
import type { SeedSlotsOut } from "./catalogue";
import type { SeedDemoStaffOut, SeedFansOut, SeedStreamersOut } from "./people";
import type { SeedPromoCodesOut } from "./promos";

/** Orders, bookings, wallet top-ups and refunds, checkout events, validations and lobby codes. */

/** Seed: orders, bookings, wallet. */
export function seedOrders(
  ctx: SeedContext,
  deps: Pick<SeedDemoStaffOut, "adminId" | "financeId"> &
    Pick<SeedStreamersOut, "demoStreamer"> &
    Pick<SeedFansOut, "demoFan" | "fans"> &
    Pick<SeedPromoCodesOut, "demoStarPromo" | "welcome"> &
    Pick<SeedSlotsOut, "pastSlots" | "upcomingSlots">,
) {
  const { rnd, now, large, data, at, nextId } = ctx;
  const { adminId, demoFan, demoStreamer, demoStarPromo, fans, financeId, pastSlots, upcomingSlots, welcome } = deps;
  /**
   * What a wallet user may still spend: top-ups minus wallet purchases. Refunds are left out
   * on purpose: orders are not generated in time order, so counting a refund could let an
   * earlier-dated purchase spend money that only arrived later. Since every top-up predates
   * every purchase, the ledger balance then stays >= 0 at every instant.
   */
  const walletBalance = new Map<string, number>();
  /**
   * A fan pays in their currency (INR in India, USD elsewhere) and their wallet holds it; an order records the rate
   * (docs/decisions/020-prices-in-the-streamers-currency.md). Prices come through the app's own rule (priceIn).
   */
  const usdInrMicros = Math.round(USD_TO_INR * RATE_SCALE);
  const currencyOf = (fan: FanRef): CurrencyCode => (fan.country === "IN" ? "INR" : "USD");
  const rateOf = (currency: CurrencyCode) => (currency === "INR" ? usdInrMicros : RATE_SCALE);
  const chargeOf = (fan: FanRef, list: { amountMinor: number; currency: CurrencyCode }) =>
    priceIn(list, { code: currencyOf(fan), usdInrMicros, rateFetchedAt: null }).amountMinor;
  const topUp = (fan: FanRef, amount: number, when: number) => {
    const orderId = nextId.order();
    data.orders.push({
      id: orderId,
      userId: fan.id,
      streamerId: null,
      kind: "wallet_topup",
      status: "paid",
      amountMinor: amount,
      currency: currencyOf(fan),
      rateMicros: rateOf(currencyOf(fan)),
      discountMinor: 0,
      refundedMinor: 0,
      promoCodeId: null,
      paymentMethod: "card",
      checkoutSessionId: `cs_test_seed_${orderId}`,
      paymentIntentId: `pi_seed_${orderId}`,
      paidAt: at(when + 2 * MINUTE),
      createdAt: at(when),
      updatedAt: at(when + 2 * MINUTE),
    });
    recordCheckoutEvent(orderId, when + 2 * MINUTE);
    data.walletEntries.push({
      id: nextId.wallet(),
      userId: fan.id,
      amountMinor: amount,
      currency: currencyOf(fan),
      kind: "topup",
      orderId,
      note: "Wallet top-up",
      createdAt: at(when + 2 * MINUTE),
    });
    walletBalance.set(fan.id, (walletBalance.get(fan.id) ?? 0) + amount);
  };
  const recordCheckoutEvent = (orderId: string, when: number) => {
    if (large) return;
    data.paymentEvents.push({
      id: nextId.event(),
      provider: "stripe",
      providerEventId: `evt_seed_${orderId}`,
      type: "checkout.session.completed",
      payload: {
        id: `evt_seed_${orderId}`,
        type: "checkout.session.completed",
        data: { object: { id: `cs_test_seed_${orderId}`, payment_status: "paid", metadata: { orderId } } },
      },
      orderId,
      receivedAt: at(when),
      processedAt: at(when + 1000),
    });
  };
  // Wallet users top up before any history starts, so balances never dip below zero.
  for (const fan of fans) {
    if (!fan.walletUser) continue;
    topUp(
      fan,
      currencyOf(fan) === "INR"
        ? fan === demoFan
          ? 1_000_000
          : rnd.pick([200_000, 500_000, 1_000_000])
        : rnd.pick([2500, 5000, 10_000]),
      now - (HISTORY_DAYS + 10) * DAY + rnd.int(0, 12) * HOUR,
    );
  }

  const refundToWallet = (orderRow: Row<"orders">, amount: number, when: number, reason: string) => {
    const refundId = nextId.refund();
    data.refunds.push({
      id: refundId,
      orderId: orderRow.id,
      amountMinor: amount,
      currency: orderRow.currency ?? "USD",
      method: "wallet",
      status: "succeeded",
      reason,
      providerRefundId: null,
      createdBy: null,
      createdAt: at(when),
      updatedAt: at(when),
    });
    data.walletEntries.push({
      id: nextId.wallet(),
      userId: orderRow.userId,
      amountMinor: amount,
      currency: orderRow.currency ?? "USD",
      kind: "refund",
      orderId: orderRow.id,
      refundId,
      note: reason,
      createdAt: at(when),
    });
  };

  /** A paid (or abandoned) order for a slot booking or VIP place, with payment method and promo. */
  const createOrder = (spec: {
    fan: FanRef;
    streamerId: string;
    kind: "slot_booking" | "vip_queue";
    slotId?: string;
    liveSessionId?: string;
    /** The list price (per seat, times the seats) as the streamer set it: charged in the fan's currency. */
    list: { amountMinor: number; currency: CurrencyCode };
    seats: number;
    createdAt: number;
    paid: boolean;
    promoAllowed: boolean;
  }): Row<"orders"> => {
    const orderId = nextId.order();
    const currency = currencyOf(spec.fan);
    const subtotal = chargeOf(spec.fan, spec.list) * spec.seats;
    let discount = 0;
    let promo: PromoRef | null = null;
    if (spec.promoAllowed && spec.paid && rnd.chance(0.1)) {
      const streamerCode = spec.streamerId === demoStreamer.id && rnd.chance(0.5);
      // The demo fan keeps WELCOME10 unused, so the README's suggestion works when you try it as them.
      const candidate = streamerCode ? demoStarPromo : spec.fan === demoFan ? null : welcome;
      const limit = candidate?.row.maxUses ?? Number.POSITIVE_INFINITY;
      const perUser = candidate?.row.maxUsesPerUser ?? Number.POSITIVE_INFINITY;
      const userUses = candidate?.usedBy.has(spec.fan.id) ? 1 : 0;
      if (candidate && candidate.uses < limit && userUses < perUser && candidate.usedBy.size < limit) {
        promo = candidate;
        discount = Math.floor((subtotal * candidate.row.value) / 10_000);
      }
    }
    const amount = subtotal - discount;
    const paidAt = spec.createdAt + rnd.int(1, 6) * MINUTE;
    const balance = walletBalance.get(spec.fan.id) ?? 0;
    const useWallet = spec.paid && spec.fan.walletUser && balance >= amount && rnd.chance(0.6);
    const row: Row<"orders"> = {
      id: orderId,
      userId: spec.fan.id,
      streamerId: spec.streamerId,
      kind: spec.kind,
      status: spec.paid ? "paid" : "cancelled",
      amountMinor: amount,
      currency,
      rateMicros: rateOf(currency),
      discountMinor: discount,
      refundedMinor: 0,
      promoCodeId: promo?.row.id ?? null,
      paymentMethod: useWallet ? "wallet" : "card",
      checkoutSessionId: useWallet ? null : `cs_test_seed_${orderId}`,
      paymentIntentId: useWallet || !spec.paid ? null : `pi_seed_${orderId}`,
      slotId: spec.slotId ?? null,
      liveSessionId: spec.liveSessionId ?? null,
      validatedAt: null,
      validatedBy: null,
      paidAt: spec.paid ? at(paidAt) : null,
      createdAt: at(spec.createdAt),
      updatedAt: at(spec.paid ? paidAt : spec.createdAt + 30 * MINUTE),
    };
    data.orders.push(row);
    if (promo) {
      promo.uses++;
      promo.usedBy.add(spec.fan.id);
      data.promoRedemptions.push({
        id: nextId.redemption(),
        promoCodeId: promo.row.id,
        userId: spec.fan.id,
        orderId,
        discountMinor: discount,
        createdAt: at(spec.createdAt),
      });
    }
    if (useWallet) {
      data.walletEntries.push({
        id: nextId.wallet(),
        userId: spec.fan.id,
        amountMinor: -amount,
        currency,
        kind: "purchase",
        orderId,
        note: spec.kind === "vip_queue" ? "VIP queue place" : "Slot booking",
        createdAt: at(paidAt),
      });
      walletBalance.set(spec.fan.id, balance - amount);
    } else if (spec.paid) {
      recordCheckoutEvent(orderId, paidAt);
    }
    return row;
  };

  const validate = (order: Row<"orders">, when: number) => {
    if (when >= now) return;
    order.validatedAt = at(when);
    order.validatedBy = rnd.chance(0.7) ? adminId : financeId;
    order.updatedAt = at(when);
  };

  const bookingsMade: BookingRef[] = [];
  const bookSlot = (slot: SlotRef, fan: FanRef, seats: number, past: boolean, sure = false) => {
    if (seats > slot.free || slot.buyers.has(fan.id)) throw new Error("seed bug: overbooking or double booking");
    slot.buyers.add(fan.id);
    const gig = slot.gig;
    const createdAt = past
      ? slot.start - rnd.int(1, 7) * DAY - rnd.int(0, 600) * MINUTE
      : Math.min(now - rnd.int(1, 72) * HOUR, slot.start - HOUR);
    const outcome: "completed" | "no_show" | "cancelled" | "partial" | "abandoned" | "late" | "confirmed" = past
      ? rnd.weighted([
          ["completed", 80],
          ["no_show", 6],
          ["cancelled", 7],
          ["partial", 3],
          ["abandoned", 3],
          ["late", 1],
        ] as const)
      : !sure && rnd.chance(0.04)
        ? "abandoned"
        : "confirmed";
    const paid = outcome !== "abandoned";
    const order = createOrder({
      fan,
      streamerId: gig.streamer.id,
      kind: "slot_booking",
      slotId: slot.row.id,
      list: { amountMinor: gig.row.listPriceMinor ?? gig.row.priceMinor, currency: gig.row.baseCurrency ?? "USD" },
      seats,
      createdAt,
      paid,
      promoAllowed: outcome !== "late",
    });
    const paidAt = order.paidAt?.getTime() ?? createdAt;
    let status: BookingStatus;
    let cancelledAt: number | null = null;
    const holdExpiresAt = createdAt + 10 * MINUTE;
    switch (outcome) {
      case "completed":
      case "partial":
        status = "completed";
        break;
      case "no_show":
        status = "no_show";
        break;
      case "confirmed":
        status = "confirmed";
        break;
      case "cancelled": {
        status = "cancelled";
        cancelledAt = paidAt + Math.floor((slot.start - paidAt) / 2);
        break;
      }
      default:
        status = "expired";
    }
    const booking: Row<"bookings"> = {
      id: nextId.booking(),
      slotId: slot.row.id,
      userId: fan.id,
      orderId: order.id,
      seats,
      status,
      holdExpiresAt: at(holdExpiresAt),
      confirmedAt: status === "expired" || outcome === "late" ? null : at(paidAt),
      cancelledAt: cancelledAt === null ? null : at(cancelledAt),
      createdAt: at(createdAt),
      updatedAt: at(cancelledAt ?? (status === "expired" ? holdExpiresAt : paidAt)),
    };
    data.bookings.push(booking);
    for (let position = 0; position < seats; position++) {
      data.bookingGamertags.push({
        id: nextId.bookingTag(),
        bookingId: booking.id,
        position,
        gamertag: position === 0 ? fan.gamertag : `${fan.username.slice(0, 20)}Friend${position}`,
        createdAt: at(createdAt),
        updatedAt: at(createdAt),
      });
    }
    if (status === "confirmed" || status === "completed" || status === "no_show") {
      slot.free -= seats;
      gig.row.bookingCount = (gig.row.bookingCount ?? 0) + 1;
    }
    // Money after the fact.
    if (outcome === "cancelled") {
      order.status = "refunded";
      order.refundedMinor = order.amountMinor;
      order.updatedAt = at(cancelledAt ?? paidAt);
      if (order.amountMinor > 0)
        refundToWallet(
          order,
          order.amountMinor,
          cancelledAt ?? paidAt,
          "Cancelled by buyer more than 24 hours before the start",
        );
    } else if (outcome === "late") {
      // docs/domain.md: a payment that arrives after its hold expired and the seat is gone is refunded.
      order.paidAt = at(holdExpiresAt + rnd.int(5, 30) * MINUTE);
      order.status = "refunded";
      order.refundedMinor = order.amountMinor;
      order.updatedAt = at(holdExpiresAt + HOUR);
      if (order.amountMinor > 0)
        refundToWallet(order, order.amountMinor, holdExpiresAt + HOUR, "Payment arrived after the seat hold expired");
    } else if (outcome === "partial" && order.amountMinor >= 2) {
      const amount = Math.floor(order.amountMinor / 2);
      order.status = "partially_refunded";
      order.refundedMinor = amount;
      const when = slot.end + rnd.int(1, 2) * DAY;
      order.updatedAt = at(when);
      data.refunds.push({
        id: nextId.refund(),
        orderId: order.id,
        amountMinor: amount,
        currency: order.currency ?? "USD",
        method: order.paymentMethod === "wallet" ? "wallet" : "card",
        status: "succeeded",
        reason: "Session cut short by a game server outage",
        providerRefundId: order.paymentMethod === "wallet" ? null : `re_seed_${order.id}`,
        createdBy: adminId,
        createdAt: at(when),
        updatedAt: at(when),
      });
      const refundRow = data.refunds[data.refunds.length - 1];
      if (order.paymentMethod === "wallet" && refundRow) {
        data.walletEntries.push({
          id: nextId.wallet(),
          userId: fan.id,
          amountMinor: amount,
          currency: order.currency ?? "USD",
          kind: "refund",
          orderId: order.id,
          refundId: refundRow.id,
          note: "Partial refund",
          createdAt: at(when),
        });
      }
    }
    if (status === "completed" && order.status === "paid" && rnd.chance(0.7))
      validate(order, slot.end + rnd.int(6, 72) * HOUR);
    bookingsMade.push({ booking, order, slot, fan });
  };

  const fillSlot = (slot: SlotRef, past: boolean, extraBuyers: FanRef[] = []) => {
    const buyers = [...extraBuyers, ...rnd.sample(fans, rnd.int(1, Math.min(4, slot.row.seats)))];
    for (const fan of buyers) {
      if (slot.buyers.has(fan.id) || slot.free <= 0) continue;
      const seats = Math.min(
        slot.free,
        rnd.weighted([
          [1, 70],
          [2, 20],
          [3, 10],
        ] as const),
      );
      bookSlot(slot, fan, seats, past);
    }
  };
  const fillRate = large ? { past: 0.5, upcoming: 0.1 } : { past: 0.8, upcoming: 0.35 };
  for (const slot of pastSlots) {
    const demoSlot = slot.gig.streamer === demoStreamer;
    if (demoSlot || rnd.chance(fillRate.past)) fillSlot(slot, true, demoSlot && rnd.chance(0.5) ? [demoFan] : []);
  }
  for (const slot of upcomingSlots) {
    const demoSlot = slot.gig.streamer === demoStreamer;
    if (rnd.chance(demoSlot ? 0.6 : fillRate.upcoming)) fillSlot(slot, false);
  }
  // The demo fan always has upcoming sessions and a past one.
  for (const slot of rnd.sample(
    upcomingSlots.filter((s) => s.free > 0 && !s.buyers.has(demoFan.id)),
    3,
  ))
    bookSlot(slot, demoFan, 1, false, true);
  const demoPast = pastSlots.find((s) => s.free > 0 && s.gig.streamer !== demoStreamer);
  if (demoPast) bookSlot(demoPast, demoFan, 1, true);
  // Streamer-cancelled future slots (no bookings on them).
  for (const slot of upcomingSlots) {
    if (slot.free === slot.row.seats && rnd.chance(0.02)) {
      slot.row.status = "cancelled";
      slot.row.updatedAt = at(now - HOUR);
    }
  }

  // Lobby codes: past slots that were played, and booked slots starting within a day.
  const lobbySlots = new Set<string>();
  for (const { slot, booking } of bookingsMade) {
    const soon = slot.start < now + DAY;
    if (lobbySlots.has(slot.row.id) || !(booking.status === "completed" || (booking.status === "confirmed" && soon)))
      continue;
    lobbySlots.add(slot.row.id);
    data.lobbyCodes.push({
      id: nextId.lobby(),
      slotId: slot.row.id,
      liveSessionId: null,
      code: lobbyCode(rnd),
      createdAt: at(Math.min(slot.start, now)),
      updatedAt: at(Math.min(slot.start, now)),
    });
  }
  return { refundToWallet, createOrder, validate, bookingsMade, lobbySlots };
}
export type SeedOrdersOut = ReturnType<typeof seedOrders>;
