/** The chat feature (join a live queue from Twitch or Discord chat): what pages may use, safe in the browser. */
export { type ChatCommand, ordinal, parseChatCommand } from "./commands";
export { ChatAccounts } from "./components/chat-accounts";
export { CHAT_COPY } from "./copy";
export { DISCORD_CONNECT_CODE_TTL_MS } from "./discord-connect";
export type { ChatChannel, ChatReply } from "./replies";
export { chatCommandsSchema, chatPlatformSchema, type DiscordRoleDraft, discordRoleSchema } from "./schema";
