import { twitchChatSender } from "~/platform/twitch/chat.server";
import type { ChatChannel, ChatReply } from "./replies";

/** Says one message in a Twitch channel (the channel's ChatReplies object calls it within the rate limit). */
export async function sendChatMessage(env: Env, message: ChatChannel & { text: string }): Promise<void> {
  await twitchChatSender(env).send(message);
}

/** Hands a reply to the channel's ChatReplies object (workers/chat-replies.ts), the one sender there. */
export async function sayInChannel(env: Env, channel: ChatChannel, reply: ChatReply): Promise<void> {
  await env.CHAT_REPLIES.getByName(`${channel.platform}:${channel.channelId}`).say(channel, reply);
}

/** The channel's waiting replies and current window (tests, the development page). */
export function channelReplyState(env: Env, channel: Pick<ChatChannel, "platform" | "channelId">) {
  return env.CHAT_REPLIES.getByName(`${channel.platform}:${channel.channelId}`).state();
}
