/**
 * The notification socket (docs/architecture.md "Live sessions, queues and notifications"), one per logged-in tab, served by the user's
 * UserHub Durable Object. Frames are JSON `{ event, data }`.
 * - client -> server: joinNotificationSession, notificationsList (send me the list), notificationsMarkRead;
 * - server -> client: notificationsList (the latest and the unread count), newNotification (one new row).
 */
export const NOTIFICATION_EVENTS = {
  join: "joinNotificationSession",
  list: "notificationsList",
  markRead: "notificationsMarkRead",
  new: "newNotification",
  /** The fan-out's push of new slots (same payload as newNotification). */
  newSlots: "newSlotAvailableNotification",
} as const;

/** docs/domain.md: the bell shows titles cut to 40 characters, the 10-second toast to 30. */
export const NOTIFICATION_TITLE_MAX = 40;
export const NOTIFICATION_TOAST_TITLE_MAX = 30;
export const NOTIFICATION_TOAST_MS = 10_000;

export function cutTitle(title: string, max: number): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

export function notificationSocketPath(userId: string) {
  return `/parties/user-hub/${encodeURIComponent(userId)}`;
}
