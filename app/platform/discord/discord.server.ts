import { standIn } from "../adapters.server";
import { isProduction } from "../env.server";

/**
 * Discord direct messages from the site's bot (notifications a user chose to also get on Discord). The real
 * adapter speaks Discord's REST API with the bot token (open a DM channel, post a message); the development and
 * test stand-in (registered by workers/dev-composition.ts) keeps every message in the private bucket, like the email outbox, so tests and
 * the developer can read what would have been sent. Chosen by DISCORD_PROVIDER ("http" in production).
 */
export type DiscordMessage = { discordUserId: string; content: string };

export interface DiscordSender {
  send(message: DiscordMessage): Promise<void>;
}

const DISCORD_API = "https://discord.com/api/v10";

class HttpDiscordSender implements DiscordSender {
  constructor(
    private botToken: string,
    private fetcher: typeof fetch = fetch,
  ) {}

  private call(path: string, body: unknown) {
    return this.fetcher(`${DISCORD_API}${path}`, {
      method: "POST",
      headers: { Authorization: `Bot ${this.botToken}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  async send(message: DiscordMessage): Promise<void> {
    const channel = await this.call("/users/@me/channels", { recipient_id: message.discordUserId });
    if (!channel.ok) throw new Error(`discord answered ${channel.status} opening a DM`);
    const { id } = (await channel.json()) as { id: string };
    const sent = await this.call(`/channels/${id}/messages`, { content: message.content.slice(0, 2000) });
    if (!sent.ok) throw new Error(`discord answered ${sent.status} sending a DM`);
  }
}

/**
 * The Discord stand-in's sender, from the registered stand-ins (app/platform/adapters.server.ts), taken when a message
 * is sent. Only called behind `import.meta.env.MODE !== "production"`.
 */
function outboxSender(bucket: R2Bucket): DiscordSender {
  return {
    async send(message) {
      await standIn("discord").sender(bucket).send(message);
    },
  };
}

export function discordSender(env: Env): DiscordSender {
  if (env.DISCORD_PROVIDER === "http") {
    if (!env.DISCORD_BOT_TOKEN) throw new Error("DISCORD_PROVIDER=http needs DISCORD_BOT_TOKEN");
    return new HttpDiscordSender(env.DISCORD_BOT_TOKEN);
  }
  if (isProduction(env)) throw new Error("Production needs DISCORD_PROVIDER=http: the outbox is for development only");
  if (import.meta.env.MODE !== "production") return outboxSender(env.PRIVATE_FILES);
  // A production build run locally (`npm run preview`): no outbox in it, so each copy fails (and is logged as such).
  return {
    send: () => Promise.reject(new Error("a production build has no Discord outbox: set DISCORD_PROVIDER=http")),
  };
}
