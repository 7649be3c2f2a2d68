import { viewerNotifications } from "~/features/notifications/index.server";
import { jsonLoader } from "./_lib/json-action.server";

/** GET /api/get/notifications: the viewer's latest notifications and unread count. */
export const loader = jsonLoader({ auth: true }, async ({ env, viewer }) => {
  const { notifications, unread } = await viewerNotifications(env, viewer);
  return { data: notifications, unread };
});
