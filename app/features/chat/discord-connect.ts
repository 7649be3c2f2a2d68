/** How long the Chat page's Discord `/connect` code lasts (discord-proof.server.ts): safe in the browser. */
export const DISCORD_CONNECT_CODE_TTL_MS = 60 * 60_000;
