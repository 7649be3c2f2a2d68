import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { usePartySocket } from "~/lib/ui/use-party-socket";
import {
  cutTitle,
  NOTIFICATION_EVENTS,
  NOTIFICATION_TITLE_MAX,
  NOTIFICATION_TOAST_MS,
  NOTIFICATION_TOAST_TITLE_MAX,
} from "../events";
import type { NotificationItem, NotificationsList } from "../notify.server";
import { BellIcon, BellLink } from "./bell-link";

/**
 * A browser notification when the user allowed them. A refusal changes nothing: the bell and the pop-up still show
 * it, and the browser's console gets no line (the logger is the server's, docs/decisions/021-logging.md).
 */
function showBrowserNotification(item: NotificationItem) {
  if (typeof Notification === "undefined") return;
  if (Notification.permission === "granted") {
    new Notification(cutTitle(item.title, NOTIFICATION_TITLE_MAX), { icon: item.image ?? undefined });
  } else if (Notification.permission === "default") {
    void Notification.requestPermission().then((permission) => {
      if (permission === "granted") showBrowserNotification(item);
    });
  }
}

/**
 * The header bell once the page runs (bell.tsx loads it after hydration): it connects to the user's UserHub socket:
 * the unread count and the latest list (titles cut to 40), a new notification pops up for 10 seconds (title cut to
 * 30) and as a browser notification when allowed; opening the list marks them read. Until connected it is the link.
 */
export default function LiveBell({ userId }: { userId: string }) {
  const [list, setList] = useState<NotificationsList | null>(null);
  const [toast, setToast] = useState<NotificationItem | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { connection, connected } = usePartySocket("user-hub", userId, (frame) => {
    if (frame.event === NOTIFICATION_EVENTS.list) setList(frame.data as NotificationsList);
    if (frame.event === NOTIFICATION_EVENTS.new || frame.event === NOTIFICATION_EVENTS.newSlots) {
      const { notification } = frame.data as { notification: NotificationItem };
      setToast(notification);
      showBrowserNotification(notification);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setToast(null), NOTIFICATION_TOAST_MS);
    }
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const unread = list?.unread ?? 0;
  const badge =
    unread > 0 ? (
      <span
        data-testid="bell-unread"
        className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold text-white"
      >
        {unread > 99 ? "99+" : unread}
      </span>
    ) : null;
  if (!connection) return <BellLink>{badge}</BellLink>;
  return (
    <div className="relative">
      <button
        type="button"
        aria-label={`Notifications${unread ? `, ${unread} unread` : ""}`}
        aria-expanded={open}
        data-bell-connected={connected ? "" : undefined}
        className="relative rounded-full p-2 text-zinc-300 hover:bg-ink-800 hover:text-white"
        onClick={() => {
          setOpen((value) => !value);
          if (!open && unread > 0) connection.send({ event: NOTIFICATION_EVENTS.markRead, data: { _user_id: userId } });
        }}
      >
        <BellIcon />
        {badge}
      </button>
      {open ? (
        <div className="absolute right-0 z-30 mt-2 w-80 rounded-lg border border-ink-700 bg-ink-900 p-2 shadow-xl">
          <ul className="flex max-h-96 flex-col gap-1 overflow-auto" aria-label="Notifications list">
            {(list?.notifications ?? []).length === 0 ? (
              <li className="px-2 py-3 text-sm text-zinc-400">No notifications yet</li>
            ) : null}
            {(list?.notifications ?? []).map((item) => (
              <li key={item._id}>
                <Link
                  to={item._url ?? "/notifications"}
                  className={`block rounded-md px-2 py-2 text-sm hover:bg-ink-800 ${item.isRead ? "text-zinc-400" : "text-white"}`}
                >
                  {cutTitle(item.title, NOTIFICATION_TITLE_MAX)}
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/notifications" className="block px-2 pt-2 text-xs text-brand-400">
            See all
          </Link>
        </div>
      ) : null}
      {toast ? (
        <div
          role="status"
          data-testid="notification-toast"
          className="fixed bottom-4 right-4 z-40 max-w-xs rounded-lg border border-ink-700 bg-ink-900 px-4 py-3 text-sm shadow-xl"
        >
          {cutTitle(toast.title, NOTIFICATION_TOAST_TITLE_MAX)}
        </div>
      ) : null}
    </div>
  );
}
