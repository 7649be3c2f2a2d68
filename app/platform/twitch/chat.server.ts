import { standIn } from "../adapters.server";
import { isProduction } from "../env.server";

/**
 * What the bot says in a Twitch channel: Helix "Send Chat Message" (POST /helix/chat/messages) with an app access
 * token (client credentials; the bot account authorised user:bot once, the broadcaster channel:bot when connecting),
 * sent as the bot user. In development and tests the registered chat stand-in (app/platform/adapters.server.ts) records each
 * message instead, readable at /dev/chat.json. Chosen by TWITCH_PROVIDER ("http" in production).
 */
export type ChatMessageOut = { platform: "twitch" | "discord"; channelId: string; channel: string; text: string };

export interface ChatSender {
  send(message: ChatMessageOut): Promise<void>;
}

export const HELIX = "https://api.twitch.tv/helix";
const TOKEN_URL = "https://id.twitch.tv/oauth2/token";

/** The app access token, kept per isolate until shortly before it expires. */
let appToken: { value: string; expiresAt: number } | null = null;

/** Twitch's app access token (client credentials), for Helix calls made as the app. */
export async function helixAppToken(
  config: { clientId: string; clientSecret: string },
  fetcher: typeof fetch = fetch,
  now = Date.now(),
): Promise<string> {
  if (appToken && appToken.expiresAt > now + 60_000) return appToken.value;
  const body = new URLSearchParams({
    client_id: config.clientId,
    client_secret: config.clientSecret,
    grant_type: "client_credentials",
  });
  const answer = await fetcher(TOKEN_URL, { method: "POST", body });
  if (!answer.ok) throw new Error(`twitch answered ${answer.status} for an app access token`);
  const { access_token, expires_in } = (await answer.json()) as { access_token: string; expires_in: number };
  appToken = { value: access_token, expiresAt: now + expires_in * 1000 };
  return access_token;
}

/** Forgets the app access token (Twitch answered 401 with it). */
export function forgetHelixAppToken(): void {
  appToken = null;
}

class HelixChatSender implements ChatSender {
  constructor(
    private config: { clientId: string; clientSecret: string; botUserId: string },
    private fetcher: typeof fetch = fetch,
  ) {}

  private token(): Promise<string> {
    return helixAppToken(this.config, this.fetcher);
  }

  async send(message: ChatMessageOut): Promise<void> {
    const answer = await this.fetcher(`${HELIX}/chat/messages`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${await this.token()}`,
        "Client-Id": this.config.clientId,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        broadcaster_id: message.channelId,
        sender_id: this.config.botUserId,
        message: message.text.slice(0, 500),
      }),
    });
    if (answer.status === 401) forgetHelixAppToken();
    if (!answer.ok) throw new Error(`twitch answered ${answer.status} sending a chat message`);
  }
}

/** The registered stand-in's recorder, called only outside production builds (a production build folds this away). */
function recordingSender(bucket: R2Bucket): ChatSender {
  return {
    async send(message) {
      await standIn("chat").record(bucket, message);
    },
  };
}

export function twitchChatSender(env: Env): ChatSender {
  if (env.TWITCH_PROVIDER === "http") {
    const { TWITCH_CLIENT_ID: clientId, TWITCH_CLIENT_SECRET: clientSecret, TWITCH_BOT_USER_ID: botUserId } = env;
    if (!clientId || !clientSecret || !botUserId)
      throw new Error("TWITCH_PROVIDER=http needs TWITCH_CLIENT_ID, TWITCH_CLIENT_SECRET and TWITCH_BOT_USER_ID");
    return new HelixChatSender({ clientId, clientSecret, botUserId });
  }
  if (isProduction(env)) throw new Error("Production needs TWITCH_PROVIDER=http: the chat stand-in is for development");
  if (import.meta.env.MODE !== "production") return recordingSender(env.PRIVATE_FILES);
  return { send: () => Promise.reject(new Error("a production build has no chat stand-in: set TWITCH_PROVIDER=http")) };
}

/** The same recorder for Discord's replies (the interaction's answer), so /dev/chat.json shows both platforms. */
export async function recordDiscordReply(env: Env, message: ChatMessageOut): Promise<void> {
  if (env.DISCORD_PROVIDER === "http" || isProduction(env)) return;
  if (import.meta.env.MODE !== "production") await recordingSender(env.PRIVATE_FILES).send(message);
}

/** Outside production: the development chat stand-in is on (the /dev/chat routes answer 404 otherwise). */
export function chatStandInOn(env: Env): boolean {
  return import.meta.env.MODE !== "production" && !isProduction(env) && env.TWITCH_PROVIDER !== "http";
}

/** What the bot said, from the stand-in's record (null in production). */
export async function standInChatReplies(env: Env, channel?: string) {
  if (import.meta.env.MODE === "production" || !chatStandInOn(env)) return null;
  return standIn("chat").read(env.PRIVATE_FILES, channel);
}

/** A viewer's line as the local Twitch delivers it to the webhook: signed with the development secret (null in production). */
export async function standInTwitchDelivery(
  env: Env,
  line: { broadcasterId: string; broadcasterLogin: string; user: string; text: string; messageId?: string },
) {
  if (import.meta.env.MODE === "production" || !chatStandInOn(env)) return null;
  return standIn("chat").twitchDelivery(line);
}
