import { hmacKey, hmacSign, hmacVerify } from "~/lib/crypto";
import { sessionSecret } from "~/platform/env.server";
import { DISCORD_CONNECT_CODE_TTL_MS } from "./discord-connect";

/**
 * The proof that a Discord server is the streamer's (docs/domain.md "Chat places"): the Chat page shows a code signed
 * for the streamer, and the server's owner or a member with Manage Server types `/connect code:<code>` there. Discord
 * itself vouches for the rest: the interaction names the server (`guild_id`) and the member's permissions in it, which
 * the app cannot forge or guess. Without this, anyone could type another streamer's server id and take their chat.
 *
 * The code is `<streamer id>.<expiry, base 36>.<signature>`, signed with a key bound to this purpose; it lasts an hour.
 */
const PURPOSE = "noobrd discord connect v1";

export { DISCORD_CONNECT_CODE_TTL_MS };

/** Discord's permission bits that let a member manage a server (ADMINISTRATOR, MANAGE_GUILD). */
const ADMINISTRATOR = 1n << 3n;
const MANAGE_GUILD = 1n << 5n;

async function key(env: Env) {
  return hmacKey(PURPOSE, sessionSecret(env));
}

/** The code the streamer types in their server, valid for an hour from `now`. */
export async function discordConnectCode(env: Env, streamerId: string, now = new Date()): Promise<string> {
  const body = `${streamerId}.${(now.getTime() + DISCORD_CONNECT_CODE_TTL_MS).toString(36)}`;
  return `${body}.${await hmacSign(await key(env), body)}`;
}

/** The streamer a code was made for, or null when it is malformed, forged or expired. */
export async function streamerOfConnectCode(env: Env, code: string, now = new Date()): Promise<string | null> {
  const match = /^([A-Za-z0-9_-]{1,64})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16,100})$/.exec(code.trim());
  if (!match) return null;
  const [, streamerId = "", expiry = "", signature = ""] = match;
  if (!(await hmacVerify(await key(env), `${streamerId}.${expiry}`, signature))) return null;
  return parseInt(expiry, 36) > now.getTime() ? streamerId : null;
}

/** Whether Discord's permission set (a decimal bit string) lets the member manage the server. */
export function managesServer(permissions: string | undefined): boolean {
  try {
    const bits = BigInt(permissions ?? "0");
    return (bits & ADMINISTRATOR) !== 0n || (bits & MANAGE_GUILD) !== 0n;
  } catch {
    return false;
  }
}
