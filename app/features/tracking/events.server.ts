import { and, count, desc, gte, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { newId } from "~/lib/id";
import { afterResponse } from "~/platform/after-response.server";
import { col, getDb } from "~/platform/db.server";
import { analyticsEvents, type JsonValue, orders } from "~db/schema";

/**
 * Product tracking (docs/domain.md: registration, login, OTP or link verification, search, see-all clicks),
 * recorded after the response (ctx.waitUntil, app/platform/after-response.server.ts) so it never slows the request
 * that causes it, and the weekly funnel staff read on /admin/dashboard.
 */
const TRACKED_EVENTS = ["registration", "login", "verification", "search", "see_all_click"] as const;
export type TrackedEvent = (typeof TRACKED_EVENTS)[number];

export function trackEvent(
  env: Env,
  name: TrackedEvent,
  userId: string | null,
  properties: Record<string, JsonValue> = {},
): void {
  afterResponse(() =>
    getDb(env).insert(analyticsEvents).values({ id: newId(), name, userId, properties, createdAt: new Date() }).run(),
  );
}

const WEEK_MS = 7 * 86_400_000;
/** Monday 00:00 UTC of the week of `ms` (1970-01-01 was a Thursday: shift by 3 days). */
const weekStart = (ms: number) => Math.floor((ms + 3 * 86_400_000) / WEEK_MS) * WEEK_MS - 3 * 86_400_000;
/** The same in SQL. The constants are written into the SQL: a bound JS number arrives as REAL and the division would not floor. */
const weekOf = (column: unknown) =>
  sql<number>`((${column} + 259200000) / ${sql.raw(String(WEEK_MS))}) * ${sql.raw(String(WEEK_MS))} - 259200000`;

type FunnelWeek = { weekStart: string; signUps: number; verifications: number; firstBookings: number };

/**
 * The last `weeks` weeks (Monday to Sunday, UTC): sign-ups, verifications, first bookings (a buyer's first paid
 * slot booking, from the orders themselves), and the most frequent searches that found nothing.
 */
export async function weeklyFunnel(env: Env, viewer: Viewer | null, weeks = 8, now = new Date()) {
  assertStaff(viewer, "dashboard");
  const db = getDb(env);
  const since = new Date(weekStart(now.getTime()) - (weeks - 1) * WEEK_MS);
  const [events, firsts, emptySearches] = await db.batch([
    db
      .select({ week: weekOf(col(analyticsEvents.createdAt)), name: analyticsEvents.name, n: count() })
      .from(analyticsEvents)
      .where(
        and(gte(analyticsEvents.createdAt, since), sql`${analyticsEvents.name} IN ('registration', 'verification')`),
      )
      .groupBy(sql`1`, analyticsEvents.name),
    db
      .select({ week: sql<number>`${weekOf(sql`first_paid`)}`, n: count() })
      .from(
        sql`(SELECT min(${col(orders.paidAt)}) AS first_paid FROM ${orders} WHERE ${col(orders.kind)} = 'slot_booking' AND ${col(orders.paidAt)} IS NOT NULL GROUP BY ${col(orders.userId)}) AS firsts`,
      )
      .where(sql`first_paid >= ${since.getTime()}`)
      .groupBy(sql`1`),
    db
      .select({
        query: sql<string>`lower(trim(json_extract(${col(analyticsEvents.properties)}, '$.query')))`,
        n: count(),
      })
      .from(analyticsEvents)
      .where(
        and(
          gte(analyticsEvents.createdAt, since),
          sql`${analyticsEvents.name} = 'search' AND json_extract(${col(analyticsEvents.properties)}, '$.results') = 0`,
        ),
      )
      .groupBy(sql`1`)
      .orderBy(desc(count()))
      .limit(10),
  ]);
  const funnel: FunnelWeek[] = Array.from({ length: weeks }, (_, i) => {
    const start = since.getTime() + i * WEEK_MS;
    const eventCount = (name: string) =>
      Number(events.find((e) => Number(e.week) === start && e.name === name)?.n ?? 0);
    return {
      weekStart: new Date(start).toISOString().slice(0, 10),
      signUps: eventCount("registration"),
      verifications: eventCount("verification"),
      firstBookings: Number(firsts.find((f) => Number(f.week) === start)?.n ?? 0),
    };
  });
  return { weeks: funnel, emptySearches: emptySearches.filter((s) => s.query) };
}
