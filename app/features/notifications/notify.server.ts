import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { type NotificationType, notifications } from "../../../db/schema";

/**
 * The one way a feature tells a user something in the app: inserts the notification row (the bell reads
 * them). Live delivery to the user's open sockets plugs in here (the user's Durable Object), so callers do
 * not change when it does.
 */
export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  url?: string | null;
  image?: string | null;
  influencerId?: string | null;
};

export async function notifyUser(env: Env, notification: NewNotification): Promise<{ id: string }> {
  const id = newId();
  await getDb(env)
    .insert(notifications)
    .values({
      id,
      userId: notification.userId,
      type: notification.type,
      title: notification.title,
      url: notification.url ?? null,
      image: notification.image ?? null,
      influencerId: notification.influencerId ?? null,
    });
  return { id };
}
