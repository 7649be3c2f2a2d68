import { DurableObject } from "cloudflare:workers";
import {
  type ChatChannel,
  type ChatReply,
  composeReplies,
  REPLIES_PER_WINDOW,
  replyPlan,
  sendChatMessage,
  sendsInWindow,
} from "../app/features/chat/index.server";
import { log } from "../app/platform/log.server";

/**
 * One object per connected chat channel (`twitch:<broadcaster id>`): the single sender of the bot's replies there,
 * so they stay under Twitch's 20 messages per 30 seconds however many webhook requests arrive at once
 * (app/features/chat/replies.ts holds the rule). Replies wait in its storage; under load the alarm sends them a
 * second later, several fans named in one message.
 */
export class ChatReplies extends DurableObject<Env> {
  /** RPC from the chat feature: say `reply` in `channel`. */
  async say(channel: ChatChannel, reply: ChatReply): Promise<void> {
    const pending = (await this.ctx.storage.get<ChatReply[]>("pending")) ?? [];
    pending.push(reply);
    await this.ctx.storage.put({ pending, channel });
    await this.#flush(false);
  }

  /** For tests and the development page: the replies still waiting, and the sends in the current window. */
  async state(): Promise<{ pending: ChatReply[]; sent: number[] }> {
    return {
      pending: (await this.ctx.storage.get<ChatReply[]>("pending")) ?? [],
      sent: sendsInWindow((await this.ctx.storage.get<number[]>("sent")) ?? [], Date.now()),
    };
  }

  override async alarm(): Promise<void> {
    await this.#flush(true);
  }

  /** Sends what may go now (state written before any send, so a concurrent call never spends the same budget). */
  async #flush(fromAlarm: boolean): Promise<void> {
    const now = Date.now();
    const stored = await this.ctx.storage.get<number[]>("sent");
    const pending = (await this.ctx.storage.get<ChatReply[]>("pending")) ?? [];
    const channel = await this.ctx.storage.get<ChatChannel>("channel");
    if (!channel || pending.length === 0) return;
    const sent = sendsInWindow(stored ?? [], now);
    const plan = replyPlan(sent, now, fromAlarm);
    if (plan.waitUntil !== null) {
      const current = await this.ctx.storage.getAlarm();
      if (current === null || current > plan.waitUntil) await this.ctx.storage.setAlarm(plan.waitUntil);
      return;
    }
    const { messages, left } = composeReplies(pending, Math.min(plan.budget, REPLIES_PER_WINDOW - sent.length));
    await this.ctx.storage.put({ sent: [...sent, ...messages.map(() => now)], pending: left });
    if (left.length > 0)
      await this.ctx.storage.setAlarm(
        replyPlan([...sent, ...messages.map(() => now)], now, false).waitUntil ?? now + 1000,
      );
    for (const text of messages) {
      try {
        await sendChatMessage(this.env, { ...channel, text });
      } catch (error) {
        log.error("chat.reply_failed", { platform: channel.platform, channelId: channel.channelId, error });
      }
    }
  }
}
