import { newId } from "~/lib/id";
import { type Db, getDb } from "~/platform/db.server";
import { type NotificationType, notifications } from "../../../db/schema";

/** One in-app notification for one user (SPEC.md section 3: title, image, url, type). */
export type UserNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  url: string | null;
  image?: string | null;
  /** The star it is about (shown with their avatar), when there is one. */
  influencerId?: string | null;
};

/** The insert of one notification row, to compose into a caller's batch. */
export function notificationStatement(db: Db, notification: UserNotification) {
  return db.insert(notifications).values({
    id: newId(),
    userId: notification.userId,
    type: notification.type,
    title: notification.title,
    url: notification.url,
    image: notification.image ?? null,
    influencerId: notification.influencerId ?? null,
  });
}

/** Notifies one user in the app: inserts the notifications row (the bell and /api/get/notifications read it). */
export async function notifyUser(env: Env, notification: UserNotification): Promise<void> {
  const db = getDb(env);
  await notificationStatement(db, notification);
}
