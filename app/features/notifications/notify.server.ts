import { and, desc, eq, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { newId } from "~/lib/id";
import { type Db, getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { type NotificationType, notifications } from "~db/schema";

/** One in-app notification for one user (docs/domain.md: title, image, url, type). */
export type UserNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  url: string | null;
  image?: string | null;
  /** The star it is about (shown with their avatar), when there is one. A stored format (outbox rows hold it), so it keeps its first name. */
  influencerId?: string | null;
};

/** docs/architecture.md "Live sessions, queues and notifications", as the bell, the list page and GET /api/get/notifications show it. */
export type NotificationItem = {
  _id: string;
  title: string;
  image: string | null;
  _created_at: string;
  _url: string | null;
  isRead: boolean;
  type: NotificationType;
  _influencer_id: { images: { url: string | null } } | null;
};

/** The insert of one notification row, to compose into a caller's batch. */
export function notificationStatement(db: Db, notification: UserNotification, id = newId()) {
  return db.insert(notifications).values({
    id,
    userId: notification.userId,
    type: notification.type,
    title: notification.title,
    url: notification.url,
    image: notification.image ?? null,
    streamerId: notification.influencerId ?? null,
  });
}

/**
 * Tells the user's open tabs (their UserHub Durable Object, workers/user-hub.ts) that rows were added. A tab
 * that misses it reads the same rows on its next list; the row, not the push, is the record.
 */
export async function pushToUser(env: Env, userId: string): Promise<void> {
  try {
    await env.USER_HUB.getByName(userId).refresh(userId);
  } catch (error) {
    log.error("notification.push_failed", { targetUserId: userId, error });
  }
}

/** Closes the user's notification sockets (they were signed out by a ban). Never fails the caller. */
export async function closeNotificationSockets(env: Env, userId: string): Promise<void> {
  try {
    await env.USER_HUB.getByName(userId).signOut();
  } catch (error) {
    log.error("notification.sign_out_failed", { targetUserId: userId, error });
  }
}

/** Notifies one user in the app: inserts the notifications row, then pushes it to the user's open tabs. */
export async function notifyUser(env: Env, notification: UserNotification): Promise<void> {
  const db = getDb(env);
  await notificationStatement(db, notification);
  await pushToUser(env, notification.userId);
}

const NOTIFICATIONS_PAGE = 20;

function listQuery(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      image: notifications.image,
      createdAt: notifications.createdAt,
      url: notifications.url,
      isRead: notifications.isRead,
      type: notifications.type,
      streamerPicture: sql<
        string | null
      >`(SELECT coalesce(u.picture_url, CASE WHEN u.picture_key IS NOT NULL THEN '/media/' || u.picture_key END) FROM users u WHERE u.id = ${notifications.streamerId})`,
      hasStreamer: sql<number>`${notifications.streamerId} IS NOT NULL`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

function unreadQuery(db: Db, userId: string) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}

export type NotificationsList = { notifications: NotificationItem[]; unread: number };

/** The user's latest notifications and their unread count, in one round trip. Only ever the viewer's own. */
export async function listNotifications(
  env: Env,
  userId: string,
  limit = NOTIFICATIONS_PAGE,
): Promise<NotificationsList> {
  const db = getDb(env);
  const [rows, unread] = await db.batch([listQuery(db, userId, limit), unreadQuery(db, userId)]);
  return {
    unread: Number(unread[0]?.n ?? 0),
    notifications: rows.map((row) => ({
      _id: row.id,
      title: row.title,
      image: row.image,
      _created_at: new Date(row.createdAt).toISOString(),
      _url: row.url,
      isRead: row.isRead,
      type: row.type,
      _influencer_id: row.hasStreamer ? { images: { url: row.streamerPicture } } : null,
    })),
  };
}

/** The viewer's own notifications (the bell, the list page, GET /api/get/notifications). */
export function viewerNotifications(env: Env, viewer: Viewer, limit = NOTIFICATIONS_PAGE) {
  return listNotifications(env, viewer.id, limit);
}

/** Marks all of the user's notifications read (notificationsMarkRead). */
export async function markAllRead(env: Env, userId: string): Promise<void> {
  await getDb(env)
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}
