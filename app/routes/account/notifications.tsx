import { Form, Link } from "react-router";
import { cutTitle, NOTIFICATION_TITLE_MAX } from "~/features/notifications";
import { markAllRead, pushToUser, viewerNotifications } from "~/features/notifications/index.server";
import { When } from "~/features/time";
import { z } from "~/lib/zod";
import { envOf } from "~/platform/http.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction, signedIn } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/notifications";

export const meta = () => [{ title: "Notifications | Noobrd" }];

/** /notifications: the bell without JavaScript, and "See all" with it. The viewer's own notifications only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireUser(request, env);
  return viewerNotifications(env, viewer, 50);
}

export const action = pageAction({
  guard: signedIn,
  intents: {
    "mark-read": {
      schema: z.object({}),
      run: async (_, { env, viewer }) => {
        await markAllRead(env, viewer.id);
        await pushToUser(env, viewer.id);
      },
      success: () => ({ to: "/notifications", message: "All notifications marked read" }),
    },
  },
  otherwise: "mark-read",
});

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications, unread } = loaderData;
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Notifications</h1>
        {unread > 0 ? (
          <Form method="post">
            <button type="submit" className="rounded-lg bg-ink-700 px-3 py-1.5 text-sm">
              Mark all read ({unread})
            </button>
          </Form>
        ) : null}
      </header>
      {notifications.length === 0 ? <p className="text-zinc-400">No notifications yet.</p> : null}
      <ul className="flex flex-col gap-2" data-testid="notifications">
        {notifications.map((item) => (
          <li
            key={item._id}
            className={`rounded-lg border border-ink-700 px-4 py-3 text-sm ${item.isRead ? "text-zinc-400" : "bg-ink-900"}`}
          >
            <Link to={item._url ?? "/notifications"} title={item.title}>
              {cutTitle(item.title, NOTIFICATION_TITLE_MAX)}
            </Link>
            <When at={item._created_at} className="block text-xs text-zinc-400" />
          </li>
        ))}
      </ul>
    </main>
  );
}
