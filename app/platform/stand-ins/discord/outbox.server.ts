import type { DiscordMessage, DiscordSender } from "../../discord/discord.server";
import { keepInOutbox, readFromOutbox, type Stored } from "../outbox";

/**
 * The Discord stand-in of development and tests (DISCORD_PROVIDER not "http"): every direct message is kept in the
 * private bucket under dev-discord/, for the tests and the developer to read what would have been sent. Reached only
 * through app/platform/discord/discord.server.ts, which loads it outside production builds.
 */
export type StoredDiscordMessage = Stored<DiscordMessage>;

const OUTBOX_PREFIX = "dev-discord/";

export class OutboxDiscordSender implements DiscordSender {
  constructor(private bucket: R2Bucket) {}

  async send(message: DiscordMessage): Promise<void> {
    await keepInOutbox(this.bucket, OUTBOX_PREFIX, message, message.discordUserId);
  }
}

export function readDiscordOutbox(bucket: R2Bucket, discordUserId?: string): Promise<StoredDiscordMessage[]> {
  return readFromOutbox<DiscordMessage>(bucket, OUTBOX_PREFIX, { to: discordUserId });
}
