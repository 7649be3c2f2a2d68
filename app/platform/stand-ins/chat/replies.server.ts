import type { RecordedReply } from "../../adapters.server";
import type { ChatMessageOut } from "../../twitch/chat.server";
import { keepInOutbox, readFromOutbox } from "../outbox";

/**
 * The chat stand-in of development and tests: what the bot said in a Twitch channel (Helix "Send Chat Message") or
 * answered in a Discord server, kept in the private bucket under dev-chat/, for the tests, /dev/chat.json and the
 * /dev/chat page. Registered by workers/dev-composition.ts (app/platform/adapters.server.ts).
 */
const PREFIX = "dev-chat/";

export async function recordChatReply(bucket: R2Bucket, message: ChatMessageOut): Promise<void> {
  await keepInOutbox(bucket, PREFIX, { ...message, at: new Date().toISOString() }, message.channel.toLowerCase());
}

/** What the bot said, oldest first, in one channel when given. */
export async function readChatReplies(bucket: R2Bucket, channel?: string): Promise<RecordedReply[]> {
  const stored = await readFromOutbox<ChatMessageOut & { at: string }>(bucket, PREFIX, { to: channel?.toLowerCase() });
  return stored.reverse().map(({ platform, channel: name, text, at }) => ({ platform, channel: name, text, at }));
}
