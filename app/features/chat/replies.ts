/**
 * What the bot says in a channel, and how often (docs/domain.md "Chat places"). Twitch lets a bot send 20 messages
 * per 30 seconds in a channel; the bot keeps under it (`REPLIES_PER_WINDOW`), and under load one message names
 * several fans ("@a 4th, @b 5th, @c 6th"). Pure: the channel's ChatReplies object (workers/chat-replies.ts) keeps the
 * state and calls these.
 */

/** Where the bot speaks: a Twitch channel (its broadcaster's id and login) or a Discord server. */
export type ChatChannel = { platform: "twitch" | "discord"; channelId: string; channel: string };

/** One answer to one fan: `text` when it goes alone, `short` when merged with others. */
export type ChatReply = { to: string; text: string; short: string };

export const REPLY_WINDOW_MS = 30_000;
/** Messages per window per channel: under Twitch's 20. */
export const REPLIES_PER_WINDOW = 19;
/** Twitch's longest chat message. */
export const CHAT_MESSAGE_MAX = 500;

/** Sends still counted in the window at `now`. */
export function sendsInWindow(sentAt: readonly number[], now: number): number[] {
  return sentAt.filter((at) => now - at < REPLY_WINDOW_MS);
}

/** When the next send may go: now if under the limit, else when the oldest send of the window leaves it. */
function nextSendAt(sentAt: readonly number[], now: number): number {
  const window = sendsInWindow(sentAt, now);
  if (window.length < REPLIES_PER_WINDOW) return now;
  return Math.min(...window) + REPLY_WINDOW_MS;
}

/**
 * The messages that say these replies, in order, using at most `budget` messages: one reply alone when each can
 * have its own message, else merged ("@a 4th, @b 5th") into as few messages as fit CHAT_MESSAGE_MAX. Answers the
 * messages and the replies left for later (when even merged they need more than `budget`).
 */
export function composeReplies(
  replies: readonly ChatReply[],
  budget: number,
): { messages: string[]; left: ChatReply[] } {
  if (budget <= 0) return { messages: [], left: [...replies] };
  if (replies.length <= budget) return { messages: replies.map(alone), left: [] };
  const messages: string[] = [];
  let current = "";
  let index = 0;
  for (; index < replies.length; index++) {
    const reply = replies[index] as ChatReply;
    const part = `@${reply.to} ${reply.short}`;
    const next = current ? `${current}, ${part}` : part;
    if (next.length <= CHAT_MESSAGE_MAX) {
      current = next;
      continue;
    }
    messages.push(current);
    if (messages.length === budget) return { messages, left: replies.slice(index) };
    current = part.slice(0, CHAT_MESSAGE_MAX);
  }
  if (current) messages.push(current);
  return { messages, left: [] };
}

function alone(reply: ChatReply): string {
  return `@${reply.to} ${reply.text}`.slice(0, CHAT_MESSAGE_MAX);
}

/** Sends in a window past which replies wait a moment to go out together. */
const BATCH_FROM = 10;
const BATCH_DELAY_MS = 1000;

/**
 * Whether replies go now and how many messages they may use, or when to look again: under BATCH_FROM sends in the
 * window each goes at once; past it they wait BATCH_DELAY_MS (the alarm then sends what gathered, one message a
 * second at most); at the limit they wait for the oldest send to leave the window.
 */
export function replyPlan(
  sent: readonly number[],
  now: number,
  fromAlarm: boolean,
): { budget: number; waitUntil: null } | { budget: 0; waitUntil: number } {
  const window = sendsInWindow(sent, now);
  if (window.length >= REPLIES_PER_WINDOW) return { budget: 0, waitUntil: nextSendAt(window, now) };
  if (window.length < BATCH_FROM) return { budget: REPLIES_PER_WINDOW - window.length, waitUntil: null };
  if (fromAlarm) return { budget: 1, waitUntil: null };
  return { budget: 0, waitUntil: Math.max(now + BATCH_DELAY_MS, nextSendAt(window, now)) };
}
