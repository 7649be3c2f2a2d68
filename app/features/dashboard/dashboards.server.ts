import { and, asc, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { getDb } from "~/platform/db.server";
import { contactSubmissions, orders, products, reports, slots, users } from "../../../db/schema";

/** Staff overview: the platform's headline numbers, one D1 round trip. */
export async function getAdminOverview(env: Env) {
  const db = getDb(env);
  const [fans, streamers, gigs, paid, pendingReports, contacts] = await db.batch([
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, "user"), eq(users.isInfluencer, false))),
    db.select({ n: count() }).from(users).where(eq(users.isInfluencer, true)),
    db.select({ n: count() }).from(products).where(isNull(products.archivedAt)),
    db
      .select({ n: count(), total: sql<number>`coalesce(sum(${orders.amountMinor}), 0)` })
      .from(orders)
      .where(eq(orders.status, "paid")),
    db.select({ n: count() }).from(reports).where(eq(reports.status, "pending")),
    db.select({ n: count() }).from(contactSubmissions),
  ]);
  return {
    fans: fans[0]?.n ?? 0,
    streamers: streamers[0]?.n ?? 0,
    activeGigs: gigs[0]?.n ?? 0,
    paidOrders: paid[0]?.n ?? 0,
    paidTotalMinor: Number(paid[0]?.total ?? 0),
    pendingReports: pendingReports[0]?.n ?? 0,
    contactSubmissions: contacts[0]?.n ?? 0,
  };
}

/** A streamer's landing view: active gigs and the next slots. */
export async function getInfluencerOverview(env: Env, influencerId: string, now = new Date()) {
  const db = getDb(env);
  const [gigs, upcoming] = await db.batch([
    db
      .select({ id: products.id, title: products.title, priceMinor: products.priceMinor, currency: products.currency })
      .from(products)
      .where(and(eq(products.influencerId, influencerId), isNull(products.archivedAt)))
      .orderBy(desc(products.createdAt)),
    db
      .select({
        id: slots.id,
        startsAt: slots.startsAt,
        endsAt: slots.endsAt,
        seats: slots.seats,
        productTitle: products.title,
      })
      .from(slots)
      .leftJoin(products, eq(products.id, slots.productId))
      .where(and(eq(slots.influencerId, influencerId), gte(slots.startsAt, now)))
      .orderBy(asc(slots.startsAt))
      .limit(5),
  ]);
  return { gigs, upcoming };
}
