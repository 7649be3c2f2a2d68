import { isProduction } from "../env.server";

/**
 * Discord direct messages from the site's bot (notifications a user chose to also get on Discord). The real
 * adapter speaks Discord's REST API with the bot token (open a DM channel, post a message); the development and
 * test stand-in keeps every message in the private bucket under dev-discord/, like the email outbox, so tests and
 * the developer can read what would have been sent. Chosen by DISCORD_PROVIDER ("http" in production).
 */
export type DiscordMessage = { discordUserId: string; content: string };
export type StoredDiscordMessage = DiscordMessage & { id: string; sentAt: string };

export interface DiscordSender {
  send(message: DiscordMessage): Promise<void>;
}

const OUTBOX_PREFIX = "dev-discord/";
const DISCORD_API = "https://discord.com/api/v10";

export class OutboxDiscordSender implements DiscordSender {
  constructor(private bucket: R2Bucket) {}

  async send(message: DiscordMessage): Promise<void> {
    const sentAt = new Date();
    const inverted = String(9_999_999_999_999 - sentAt.getTime()).padStart(13, "0");
    const id = `${inverted}-${crypto.randomUUID()}`;
    const stored: StoredDiscordMessage = { ...message, id, sentAt: sentAt.toISOString() };
    await this.bucket.put(`${OUTBOX_PREFIX}${id}.json`, JSON.stringify(stored), {
      httpMetadata: { contentType: "application/json" },
      customMetadata: { to: message.discordUserId },
    });
  }
}

export async function readDiscordOutbox(bucket: R2Bucket, discordUserId?: string): Promise<StoredDiscordMessage[]> {
  const listed = await bucket.list({ prefix: OUTBOX_PREFIX, limit: 1000, include: ["customMetadata"] });
  const wanted = listed.objects.filter((object) => !discordUserId || object.customMetadata?.to === discordUserId);
  const messages = await Promise.all(
    wanted.map(async (object) => (await bucket.get(object.key))?.json<StoredDiscordMessage>()),
  );
  return messages.filter((message): message is StoredDiscordMessage => !!message);
}

export class HttpDiscordSender implements DiscordSender {
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

export function discordSender(env: Env): DiscordSender {
  if (env.DISCORD_PROVIDER === "http") {
    if (!env.DISCORD_BOT_TOKEN) throw new Error("DISCORD_PROVIDER=http needs DISCORD_BOT_TOKEN");
    return new HttpDiscordSender(env.DISCORD_BOT_TOKEN);
  }
  if (isProduction(env)) throw new Error("Production needs DISCORD_PROVIDER=http: the outbox is for development only");
  return new OutboxDiscordSender(env.PRIVATE_FILES);
}
