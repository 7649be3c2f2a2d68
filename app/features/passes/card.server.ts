import { eq, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import type { UserNotification } from "~/features/notifications/index.server";
import { type CardPurchaseState, cardPurchaseState, prepaidCardEarmark } from "~/features/packs/index.server";
import { type CurrencyCode, formatMoney, type Money, money } from "~/lib/money";
import { streamerPath } from "~/lib/paths.server";
import { col, type Db, getDb } from "~/platform/db.server";
import { orders, passPurchases, users } from "~db/schema";
import { PASSES_COPY } from "./copy";
import { passPurchaseEntryStatement } from "./uses.server";

/**
 * A VIP pass bought by card (docs/decisions/040-packs-and-passes-by-card.md), as a session pack is: the earmark of its
 * card top-up (workers/composition.ts hands it to the top-up's fulfilment step), paying the pass from the wallet in
 * the fulfilment batch while the streamer still offers it.
 */
export const passCardEarmark = prepaidCardEarmark({
  table: passPurchases,
  onOffer: sql`EXISTS (SELECT 1 FROM pass_offers po WHERE po.id = ${col(passPurchases.offerId)} AND po.active = 1)`,
  debit: (id) => ({ passId: id }),
  debited: (id) => sql`EXISTS (SELECT 1 FROM wallet_entries w WHERE w.pass_id = ${id} AND w.kind = 'pass_purchase')`,
  note: "VIP pass",
  purchaseEntry: passPurchaseEntryStatement,
  template: "pass-by-card",
});

/** A VIP pass bought by card, as the checkout pages and the notification say it. */
type CardPass = {
  passId: string;
  state: CardPurchaseState;
  streamerId: string;
  streamerName: string;
  places: number;
  price: Money;
  expiresAt: Date;
};

async function cardPassRow(db: Db, orderId: string) {
  const [row] = await db
    .select({
      passId: passPurchases.id,
      userId: passPurchases.userId,
      status: passPurchases.status,
      orderStatus: orders.status,
      streamerId: passPurchases.streamerId,
      streamerName: users.fullName,
      streamerUsername: users.username,
      places: passPurchases.places,
      amountMinor: passPurchases.amountMinor,
      currency: passPurchases.currency,
      expiresAt: passPurchases.expiresAt,
    })
    .from(passPurchases)
    .innerJoin(users, eq(users.id, passPurchases.streamerId))
    .leftJoin(orders, eq(orders.id, passPurchases.orderId))
    .where(eq(passPurchases.orderId, orderId))
    .limit(1);
  return row ?? null;
}

function cardPassOf(row: NonNullable<Awaited<ReturnType<typeof cardPassRow>>>): CardPass {
  return {
    passId: row.passId,
    state: cardPurchaseState(row.status, row.orderStatus),
    streamerId: row.streamerId,
    streamerName: row.streamerName || row.streamerUsername,
    places: row.places,
    price: money(row.amountMinor, row.currency as CurrencyCode),
    expiresAt: row.expiresAt,
  };
}

/** The VIP pass the viewer's card order `orderId` pays for, or null (none, or not theirs). */
export async function cardPassOfOrder(env: Env, viewer: Viewer, orderId: string): Promise<CardPass | null> {
  const row = await cardPassRow(getDb(env), orderId);
  return row && row.userId === viewer.id ? cardPassOf(row) : null;
}

/** The outbox template "pass-by-card" (param orderId): the pass bought, or the money kept in the wallet. */
export async function passByCardNotice(env: Env, orderId: string): Promise<UserNotification | null> {
  const row = await cardPassRow(getDb(env), orderId);
  if (!row) return null;
  const pass = cardPassOf(row);
  if (pass.state === "bought") {
    return {
      userId: row.userId,
      type: "queue",
      title: PASSES_COPY.boughtNotice(pass.places, pass.streamerName),
      url: streamerPath(pass.streamerId),
      influencerId: pass.streamerId,
    };
  }
  if (pass.state === "not_bought_in_wallet") {
    return {
      userId: row.userId,
      type: "queue",
      title: PASSES_COPY.withdrawnNotice(formatMoney(pass.price)),
      url: "/profile#wallet",
      influencerId: pass.streamerId,
    };
  }
  return null;
}
