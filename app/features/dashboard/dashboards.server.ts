import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { orderNetMinor } from "~/features/earnings";
import { earningsTotals } from "~/features/earnings/index.server";
import { onboardingStatus } from "~/features/onboarding/index.server";
import { inNoActivePayout, payableOrder } from "~/features/payouts/index.server";
import { UPCOMING_SLOTS_LIMIT } from "~/features/slots";
import { upcomingSlots } from "~/features/slots/index.server";
import { streamerOrders } from "~/features/streamer/index.server";
import { money } from "~/lib/money";
import { totalsByCurrency } from "~/lib/money-math";
import { getDb } from "~/platform/db.server";
import { bankDetails, contactSubmissions, gigs, orders, reports, users } from "~db/schema";
import { openQueueCounts } from "./live-queues.server";

/** docs/domain.md: latest orders 10. */
const LATEST_ORDERS = 10;

/**
 * The staff dashboard's figures: the platform at a glance and what is waiting for staff (pending reports,
 * unverified onboardings, payable orders, open contact submissions). Staff with the dashboard capability only.
 */
export async function getAdminOverview(env: Env, viewer: Viewer | null) {
  assertStaff(viewer, "dashboard");
  const db = getDb(env);
  const [fans, streamers, activeGigRows, paid, pendingReports, contacts, unverified, payable] = await db.batch([
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, "user"), eq(users.isStreamer, false))),
    db.select({ n: count() }).from(users).where(eq(users.isStreamer, true)),
    db.select({ n: count() }).from(gigs).where(isNull(gigs.archivedAt)),
    db
      .select({ currency: orders.currency, n: count(), total: sql<number>`coalesce(sum(${orders.amountMinor}), 0)` })
      .from(orders)
      .where(eq(orders.status, "paid"))
      .groupBy(orders.currency),
    db.select({ n: count() }).from(reports).where(eq(reports.status, "pending")),
    db.select({ n: count() }).from(contactSubmissions).where(isNull(contactSubmissions.handledAt)),
    db.select({ n: count() }).from(bankDetails).where(eq(bankDetails.isVerified, false)),
    db
      .select({ currency: orders.currency, n: count(), total: sql<number>`coalesce(sum(${orderNetMinor}), 0)` })
      .from(orders)
      .where(and(payableOrder(), inNoActivePayout()))
      .groupBy(orders.currency),
  ]);
  // Orders of several currencies: a count over all, and one total per currency (never rupees added to dollars).
  const counted = (rows: { n: number }[]) => rows.reduce((n, row) => n + row.n, 0);
  const perCurrency = (rows: { currency: (typeof paid)[number]["currency"]; total: number }[]) =>
    totalsByCurrency(rows.map((row) => money(Number(row.total), row.currency)));
  return {
    fans: fans[0]?.n ?? 0,
    streamers: streamers[0]?.n ?? 0,
    activeGigs: activeGigRows[0]?.n ?? 0,
    paidOrders: counted(paid),
    paidTotals: perCurrency(paid),
    pendingReports: pendingReports[0]?.n ?? 0,
    openContactSubmissions: contacts[0]?.n ?? 0,
    unverifiedOnboardings: unverified[0]?.n ?? 0,
    payableOrders: counted(payable),
    payableTotals: perCurrency(payable),
  };
}

/**
 * A streamer's dashboard at a glance: next slots (5), latest orders (10), earnings for 7/30/90 days, queue
 * counts while live, onboarding status and how many gigs are active. Each part is its feature's own use case
 * (which checks who may read it); they run in parallel.
 */
export async function getStreamerDashboard(env: Env, viewer: Viewer, now = new Date()) {
  const [upcoming, latest, earnings, queues, onboarding, activeGigRows] = await Promise.all([
    upcomingSlots(env, viewer, viewer.id, { limit: UPCOMING_SLOTS_LIMIT }, now),
    streamerOrders(env, viewer, viewer.id, { page: 1, limit: LATEST_ORDERS }),
    earningsTotals(env, viewer, viewer.id, now),
    openQueueCounts(env, viewer, viewer.id),
    onboardingStatus(env, viewer, viewer.id),
    getDb(env)
      .select({ n: count() })
      .from(gigs)
      .where(and(eq(gigs.streamerId, viewer.id), isNull(gigs.archivedAt))),
  ]);
  return { upcoming, latestOrders: latest.orders, earnings, queues, onboarding, activeGigs: activeGigRows[0]?.n ?? 0 };
}
