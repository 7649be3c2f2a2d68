/** The notifications feature's server side: what other features, routes and the Worker may use of it. */
export { getDiscordPreferences, setDiscordBotStatus, setDiscordPreferences } from "./discord.server";
export type { FanoutMessage } from "./fanout.server";
export { announceToFans, deliverFanoutPage } from "./fanout.server";
export type { UserNotification } from "./notify.server";
export {
  closeNotificationSockets,
  listNotifications,
  markAllRead,
  notificationStatement,
  pushToUser,
  viewerNotifications,
} from "./notify.server";
