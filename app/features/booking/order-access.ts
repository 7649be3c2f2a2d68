import { isOrderStaff, type Viewer } from "~/features/access";

/** The two parties of an order: its buyer and the influencer it pays (none for a wallet top-up). */
export type OrderParties = { userId: string; streamerId: string | null };

/**
 * Who may read an order, its invoice or a list of a user's orders: the buyer, the streamer the order pays,
 * and active staff with the "orders" capability (finance and admin, ADR 005). The ONE read policy: every use
 * case that reads orders calls it (orders.server.ts, invoice.server.ts), and the UI uses it to show links.
 */
export function canReadOrder(viewer: Viewer, order: OrderParties): boolean {
  if (viewer.id === order.userId) return true;
  if (order.streamerId !== null && viewer.id === order.streamerId) return true;
  return isOrderStaff(viewer);
}

/** A user's whole order list (not one streamer's share of it): the user themself or order staff. */
export function canReadOrdersOf(viewer: Viewer, userId: string): boolean {
  return canReadOrder(viewer, { userId, streamerId: null });
}
