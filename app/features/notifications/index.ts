/** The notifications feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { NotificationBell } from "./components/bell";
export { DiscordPreferencesForm } from "./components/discord-preferences";
export { botStatusSchema, discordApiSchema, discordFormSchema } from "./discord-schema";
export { cutTitle, NOTIFICATION_EVENTS, NOTIFICATION_TITLE_MAX } from "./events";
