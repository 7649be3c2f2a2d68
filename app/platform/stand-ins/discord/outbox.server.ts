import type { DiscordMessage, DiscordSender } from "../../discord/discord.server";

/**
 * The Discord stand-in of development and tests (DISCORD_PROVIDER not "http"): every direct message is kept in the
 * private bucket under dev-discord/, for the tests and the developer to read what would have been sent. Reached only
 * through app/platform/discord/discord.server.ts, which loads it outside production builds.
 */
export type StoredDiscordMessage = DiscordMessage & { id: string; sentAt: string };

const OUTBOX_PREFIX = "dev-discord/";

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
