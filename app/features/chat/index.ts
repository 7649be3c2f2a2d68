/** The chat feature (join a live queue from Twitch or Discord chat): what pages may use, safe in the browser. */

export { ChatAccounts } from "./components/chat-accounts";
export { CHAT_COPY } from "./copy";
export { DISCORD_CONNECT_CODE_TTL_MS } from "./discord-connect";

export { chatCommandsSchema, chatPlatformSchema, discordRoleSchema } from "./schema";
