import { describe, expect, it } from "vitest";
import { ordinal, parseChatCommand } from "./commands";
import { CHAT_MESSAGE_MAX, composeReplies, REPLIES_PER_WINDOW, REPLY_WINDOW_MS, replyPlan } from "./replies";

const reply = (to: string, n: number) => ({
  to,
  text: `you're in the queue: ${ordinal(n)} in line`,
  short: ordinal(n),
});

describe("chat commands and replies", () => {
  it("parses the commands, and leaves plain chat alone", () => {
    expect(parseChatCommand("!join My Tag#12")).toEqual({ kind: "join", tag: "My Tag#12" });
    expect(parseChatCommand("!JOIN")).toEqual({ kind: "join", tag: null });
    expect(parseChatCommand("!remove @someone")).toEqual({ kind: "remove", name: "someone" });
    expect(parseChatCommand("!remove")).toBeNull();
    expect(parseChatCommand("gg !join")).toBeNull();
    expect(parseChatCommand("!dance")).toBeNull();
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
      "111th",
    ]);
  });

  it("answers each fan alone while the budget allows, else names several in one message", () => {
    expect(composeReplies([reply("a", 4)], 5).messages).toEqual(["@a you're in the queue: 4th in line"]);
    const many = Array.from({ length: 100 }, (_, i) => reply(`viewer${i}`, i + 1));
    const { messages, left } = composeReplies(many, 2);
    expect(messages[0]).toMatch(/^@viewer0 1st, @viewer1 2nd, @viewer2 3rd/);
    expect(messages.every((text) => text.length <= CHAT_MESSAGE_MAX)).toBe(true);
    expect(messages).toHaveLength(2);
    const named = messages.join(", ").split(", ").length;
    expect(named + left.length).toBe(100);
    expect(composeReplies(many, 0)).toEqual({ messages: [], left: many });
  });

  it("sends at once while quiet, gathers replies for a second under load, and waits at the limit", () => {
    const now = 1_000_000;
    expect(replyPlan([], now, false)).toEqual({ budget: REPLIES_PER_WINDOW, waitUntil: null });
    const busy = Array.from({ length: 12 }, (_, i) => now - i);
    expect(replyPlan(busy, now, false)).toEqual({ budget: 0, waitUntil: now + 1000 });
    expect(replyPlan(busy, now, true)).toEqual({ budget: 1, waitUntil: null });
    const full = Array.from({ length: REPLIES_PER_WINDOW }, (_, i) => now - 5000 + i);
    expect(replyPlan(full, now, true)).toEqual({ budget: 0, waitUntil: now - 5000 + REPLY_WINDOW_MS });
    // Sends older than the window no longer count.
    expect(replyPlan(full, now + REPLY_WINDOW_MS, false).waitUntil).toBeNull();
  });
});
