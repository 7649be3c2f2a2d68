import type { DiscordMessage, DiscordSender } from "../../discord/discord.server";
import { keepInOutbox, readFromOutbox, type Stored } from "../outbox";

/**
 * The Discord stand-in of development and tests (DISCORD_PROVIDER not "http"): every direct message is kept in the
 * private bucket under dev-discord/, for the tests and the developer to read what would have been sent. Registered by
 * workers/dev-composition.ts; app/platform/discord/discord.server.ts takes it from the registry outside production builds.
 */
export type StoredDiscordMessage = Stored<DiscordMessage>;

const OUTBOX_PREFIX = "dev-discord/";
const CLOSED_PREFIX = "dev-discord-closed/";

/**
 * A member who turned off DMs from the server: the stand-in refuses their DMs as Discord does (403, code 50007
 * "Cannot send messages to this user"), until they open them again.
 */
export async function setDevDmsClosed(bucket: R2Bucket, discordUserId: string, closed: boolean): Promise<void> {
  if (closed) await bucket.put(`${CLOSED_PREFIX}${discordUserId}`, "");
  else await bucket.delete(`${CLOSED_PREFIX}${discordUserId}`);
}

export class OutboxDiscordSender implements DiscordSender {
  constructor(private bucket: R2Bucket) {}

  async send(message: DiscordMessage): Promise<void> {
    if (await this.bucket.head(`${CLOSED_PREFIX}${message.discordUserId}`))
      throw new Error("discord answered 403 sending a DM (50007: Cannot send messages to this user)");
    await keepInOutbox(this.bucket, OUTBOX_PREFIX, message, message.discordUserId);
  }
}

export function readDiscordOutbox(bucket: R2Bucket, discordUserId?: string): Promise<StoredDiscordMessage[]> {
  return readFromOutbox<DiscordMessage>(bucket, OUTBOX_PREFIX, { to: discordUserId });
}
