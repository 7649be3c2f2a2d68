import type { OrderDetails, OrderPage } from "./orders.server";

/**
 * An order in the API's JSON, with docs/domain.md's names (order id, payment session id, user, influencer,
 * gamer tags with ids, slot id) and the rest the pages show. Dates are ISO strings (UTC).
 */
export function orderJson(order: OrderDetails) {
  return {
    _id: order.id,
    orderId: order.id,
    paymentSessionId: order.checkoutSessionId,
    _user_id: order.userId,
    _influencer_id: order.streamerId,
    _slot_id: order.slotId,
    _live_session_id: order.liveSessionId,
    _product_id: order.gigId,
    product_title: order.gigTitle,
    kind: order.kind,
    status: order.status,
    statusText: order.statusText,
    bookingId: order.bookingId,
    bookingStatus: order.bookingStatus,
    numberOfPlayers: order.seats,
    gamerTags: order.gamerTags.map((tag) => ({ _id: tag.id, gamerTag: tag.gamertag })),
    amount: order.amount.amountMinor,
    discount: order.discount.amountMinor,
    refunded: order.refunded.amountMinor,
    /** Paid minus refunds done and owed (the one order-net definition), in `currency`'s minor units. */
    net: order.net.amountMinor,
    currency: order.currency,
    promoCode: order.promoCode,
    paymentMethod: order.paymentMethod,
    user: { fullName: order.buyerName, username: order.buyerUsername },
    influencer: order.streamerId ? { fullName: order.streamerName, username: order.streamerUsername } : null,
    slot: order.startsAt ? { startTime: order.startsAt.toISOString(), endTime: order.endsAt?.toISOString() } : null,
    lobbyCode: order.lobbyCode,
    canEditGamerTags: order.canEditGamerTags,
    canCancel: order.canCancel,
    invoiceUrl: order.invoiceUrl,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    /** The streamer's offer of another time waiting for the buyer's answer (shown to the buyer only), else null. */
    moveOffer: order.moveOffer
      ? {
          slotId: order.moveOffer.slotId,
          startsAt: order.moveOffer.startsAt.toISOString(),
          endsAt: order.moveOffer.endsAt.toISOString(),
          expiresAt: order.moveOffer.until.toISOString(),
        }
      : null,
  };
}

export function orderPageJson(page: OrderPage) {
  return {
    orders: page.orders.map(orderJson),
    page: page.page,
    limit: page.limit,
    total: page.total,
    totalOrders: page.total,
    totalPages: page.totalPages,
  };
}
