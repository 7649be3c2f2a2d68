import { standIn } from "../adapters.server";
import { isProduction } from "../env.server";

/**
 * Discord's HTTP interactions (slash commands): the request's signature and the reply's follow-up.
 *
 * - Each request is signed with Ed25519 by Discord over `X-Signature-Timestamp` + the raw body, checked against the
 *   application's public key (`DISCORD_PUBLIC_KEY`, hex); Web Crypto verifies Ed25519 in a Worker. A request whose
 *   timestamp is more than five minutes off is refused as a replay (Discord answers within seconds; the id of each
 *   interaction is kept as well, by the chat feature).
 * - A command that takes longer than Discord's three seconds is answered "deferred" and its answer edits that reply
 *   later through Discord's REST API (`PATCH /webhooks/{application id}/{interaction token}/messages/@original`,
 *   authorised by the interaction's token, with the bot token sent as Discord's libraries do). In development and
 *   tests the registered chat stand-in (app/platform/adapters.server.ts) records each follow-up instead. Chosen by DISCORD_PROVIDER.
 * https://discord.com/developers/docs/interactions/overview
 */
export const DISCORD_SIGNATURE_HEADERS = {
  signature: "X-Signature-Ed25519",
  timestamp: "X-Signature-Timestamp",
} as const;

export const DISCORD_MAX_AGE_MS = 5 * 60_000;

/** The public half of the local stand-in's key pair (development and tests sign with its private half). */
const DEV_DISCORD_PUBLIC_KEY = "725e30ad33819f3bab13a6fcec8bf6c1fbf187f089a6c5f803239ccb0d293cba";

export function discordPublicKey(env: Env): string {
  if (env.DISCORD_PUBLIC_KEY) return env.DISCORD_PUBLIC_KEY;
  if (isProduction(env))
    throw new Error("DISCORD_PUBLIC_KEY is not set: the application's public key, from the Developer Portal");
  return DEV_DISCORD_PUBLIC_KEY;
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^([0-9a-f]{2})+$/i.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (byte) => parseInt(byte, 16));
}

export type InteractionCheck = { ok: true } | { ok: false; reason: "signature" | "stale" };

/** Whether a request is Discord's, signed for `publicKeyHex`, and fresh at `now` (ms). */
export async function checkInteraction(
  headers: Headers,
  body: string,
  publicKeyHex: string,
  now: number,
): Promise<InteractionCheck> {
  const signature = fromHex(headers.get(DISCORD_SIGNATURE_HEADERS.signature) ?? "");
  const timestamp = headers.get(DISCORD_SIGNATURE_HEADERS.timestamp) ?? "";
  const publicKey = fromHex(publicKeyHex);
  if (signature?.length !== 64 || !/^[0-9]{1,12}$/.test(timestamp) || !publicKey)
    return { ok: false, reason: "signature" };
  const key = await crypto.subtle.importKey("raw", publicKey, { name: "Ed25519" }, false, ["verify"]);
  const valid = await crypto.subtle.verify("Ed25519", key, signature, new TextEncoder().encode(timestamp + body));
  if (!valid) return { ok: false, reason: "signature" };
  if (Math.abs(now - Number(timestamp) * 1000) > DISCORD_MAX_AGE_MS) return { ok: false, reason: "stale" };
  return { ok: true };
}

/** Where a follow-up goes: the interaction (its token) in a server (for the stand-in's record). */
type FollowUp = { token: string; guildId: string; guildName: string; content: string };

export interface DiscordFollowUps {
  /** Replaces a deferred reply ("thinking…") with the answer. */
  editOriginal(followUp: FollowUp): Promise<void>;
}

const DISCORD_API = "https://discord.com/api/v10";

class HttpDiscordFollowUps implements DiscordFollowUps {
  constructor(
    private config: { applicationId: string; botToken: string },
    private fetcher: typeof fetch = fetch,
  ) {}

  async editOriginal(followUp: FollowUp): Promise<void> {
    const answer = await this.fetcher(
      `${DISCORD_API}/webhooks/${this.config.applicationId}/${followUp.token}/messages/@original`,
      {
        method: "PATCH",
        headers: { Authorization: `Bot ${this.config.botToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ content: followUp.content.slice(0, 2000), allowed_mentions: { parse: [] } }),
      },
    );
    if (!answer.ok) throw new Error(`discord answered ${answer.status} editing an interaction's reply`);
  }
}

/** The stand-in's recorder (the same record as the Twitch bot's replies), called only outside production builds. */
function recordingFollowUps(bucket: R2Bucket): DiscordFollowUps {
  return {
    async editOriginal(followUp) {
      await standIn("chat").record(bucket, {
        platform: "discord",
        channelId: followUp.guildId,
        channel: followUp.guildName,
        text: followUp.content,
      });
    },
  };
}

export function discordFollowUps(env: Env): DiscordFollowUps {
  if (env.DISCORD_PROVIDER === "http") {
    const { DISCORD_APPLICATION_ID: applicationId, DISCORD_BOT_TOKEN: botToken } = env;
    if (!applicationId || !botToken)
      throw new Error("DISCORD_PROVIDER=http needs DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN for interactions");
    return new HttpDiscordFollowUps({ applicationId, botToken });
  }
  if (isProduction(env))
    throw new Error("Production needs DISCORD_PROVIDER=http: the chat stand-in is for development");
  if (import.meta.env.MODE !== "production") return recordingFollowUps(env.PRIVATE_FILES);
  return {
    editOriginal: () => Promise.reject(new Error("a production build has no chat stand-in: set DISCORD_PROVIDER=http")),
  };
}

/** Outside production: the local Discord stand-in is on (interactions signed by its key pair, follow-ups recorded). */
function discordStandInOn(env: Env): boolean {
  return import.meta.env.MODE !== "production" && !isProduction(env) && env.DISCORD_PROVIDER !== "http";
}

/**
 * A member's line typed on the development page ("/join Tag") as the local Discord posts it to the interactions
 * endpoint, signed with the stand-in's key: null in production, false when the line is not a slash command.
 */
export async function standInDiscordInteraction(
  env: Env,
  line: { guildId: string; user: string; text: string; owner?: boolean },
) {
  if (import.meta.env.MODE === "production" || !discordStandInOn(env)) return null;
  return standIn("chat").discordLine(line);
}

/** The direct messages the Discord stand-in kept, newest first (null in production). */
export async function standInDiscordMessages(env: Env) {
  if (import.meta.env.MODE === "production" || !discordStandInOn(env)) return null;
  return standIn("discord").read(env.PRIVATE_FILES);
}

/**
 * The server (guild) a streamer connects, as the bot sees it: its name, or null when the bot is not in it (Discord
 * answers 403 or 404), so connecting also proves the bot was added. The stand-in knows every server as
 * "Server <id>".
 */
export async function discordGuild(env: Env, guildId: string, fetcher: typeof fetch = fetch) {
  if (env.DISCORD_PROVIDER !== "http") {
    if (isProduction(env)) throw new Error("Production needs DISCORD_PROVIDER=http");
    return { name: `Server ${guildId}` };
  }
  if (!env.DISCORD_BOT_TOKEN) throw new Error("DISCORD_PROVIDER=http needs DISCORD_BOT_TOKEN");
  const answer = await fetcher(`${DISCORD_API}/guilds/${guildId}`, {
    headers: { Authorization: `Bot ${env.DISCORD_BOT_TOKEN}` },
  });
  if (answer.status === 403 || answer.status === 404) return null;
  if (!answer.ok) throw new Error(`discord answered ${answer.status} reading a server`);
  const { name } = (await answer.json()) as { name: string };
  return { name };
}

/**
 * The link that adds the application's bot (and its slash commands) to a server, or null on the stand-in (which is in
 * every server). Discord asks whoever opens it to pick a server they manage.
 */
export function discordInviteUrl(env: Env): string | null {
  if (env.DISCORD_PROVIDER !== "http" || !env.DISCORD_APPLICATION_ID) return null;
  const url = new URL("https://discord.com/oauth2/authorize");
  url.searchParams.set("client_id", env.DISCORD_APPLICATION_ID);
  url.searchParams.set("scope", "bot applications.commands");
  url.searchParams.set("permissions", "0");
  return url.toString();
}
