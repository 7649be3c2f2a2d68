import { and, asc, count, desc, eq, gte, lte } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditStatement } from "~/features/audit/index.server";
import { notificationStatement, pushToUser } from "~/features/notifications/index.server";
import { conflict } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb, named } from "~/platform/db.server";
import { bookings, gigs, lobbyCodes, slots, users } from "~db/schema";
import { GIVEAWAY_COPY } from "./copy";

/**
 * The Noobrd giveaway (docs/domain.md; ADR 005: marketing and admin): who signed up and who booked a
 * slot in a period, and a lobby code sent to every fan with a confirmed booking on a chosen slot, as an in-app
 * notification (pushed to their open tabs) and on the slot itself so their order shows it. One batch: the code,
 * the notifications and the audit row land together.
 */

const LIST_LIMIT = 500;

export async function signedUpUsers(env: Env, viewer: Viewer | null, period: { startTime: Date; endTime: Date }) {
  assertStaff(viewer, "giveaway");
  const db = getDb(env);
  const where = and(
    eq(users.role, "user"),
    eq(users.isStreamer, false),
    gte(users.createdAt, period.startTime),
    lte(users.createdAt, period.endTime),
  );
  const [rows, total] = await db.batch([
    db
      .select({
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        email: users.email,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt))
      .limit(LIST_LIMIT),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows, total: total[0]?.n ?? 0 };
}

/** Confirmed bookings of slots starting in the period: who, which slot, whose gig. */
export async function slotBookedUsers(env: Env, viewer: Viewer | null, period: { startTime: Date; endTime: Date }) {
  assertStaff(viewer, "giveaway");
  const rows = await getDb(env)
    .select(
      named({
        bookingId: bookings.id,
        userId: users.id,
        username: users.username,
        email: users.email,
        slotId: slots.id,
        startsAt: slots.startsAt,
        gigTitle: gigs.title,
        seats: bookings.seats,
      }),
    )
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
    .where(
      and(eq(bookings.status, "confirmed"), gte(slots.startsAt, period.startTime), lte(slots.startsAt, period.endTime)),
    )
    .orderBy(asc(slots.startsAt), asc(users.username))
    .limit(LIST_LIMIT);
  return { bookings: rows };
}

export async function sendGiveawayLobbyCode(
  env: Env,
  viewer: Viewer | null,
  input: { slotId: string; lobbyCode: string },
) {
  assertStaff(viewer, "giveaway");
  const db = getDb(env);
  const recipients = await db
    .selectDistinct({ userId: bookings.userId, streamerId: slots.streamerId })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(eq(bookings.slotId, input.slotId), eq(bookings.status, "confirmed")));
  const [first, ...rest] = recipients.map((r) =>
    notificationStatement(db, {
      userId: r.userId,
      type: "lobby_code",
      title: GIVEAWAY_COPY.title(input.lobbyCode),
      url: "/profile#orders",
      influencerId: r.streamerId,
    }),
  );
  if (!first) throw conflict(GIVEAWAY_COPY.noRecipients, "slotId");
  await db.batch([
    first,
    ...rest,
    db
      .insert(lobbyCodes)
      .values({ id: newId(), slotId: input.slotId, code: input.lobbyCode })
      .onConflictDoUpdate({ target: lobbyCodes.slotId, set: { code: input.lobbyCode, updatedAt: new Date() } }),
    auditStatement(db, viewer, {
      action: "giveaway.lobby_code",
      entity: "slot",
      entityId: input.slotId,
      after: { recipients: recipients.length },
    }),
  ]);
  await Promise.all(recipients.map((r) => pushToUser(env, r.userId)));
  return { notified: recipients.length };
}
