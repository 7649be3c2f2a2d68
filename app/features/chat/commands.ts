/**
 * The chat commands a viewer types (Twitch `!join`, Discord's `/join` arrive as the same command), parsed from a
 * chat line. Pure: shared by the Twitch webhook, the Discord interactions endpoint and the development chat page.
 */
export type ChatCommand =
  | { kind: "join"; tag: string | null }
  | { kind: "leave" }
  | { kind: "position" }
  | { kind: "queue" }
  | { kind: "vip" }
  /** A called fan confirms their ready check. */
  | { kind: "ready" }
  /** Moderators: call the next fan. */
  | { kind: "next" }
  /** Moderators: remove a fan by their chat name or gamer tag. */
  | { kind: "remove"; name: string };

/** A gamer tag given with !join: at most this long (the queue's tags are at most 64). */
export const CHAT_TAG_MAX = 64;

/** The command of a chat line, or null when the line is not one of ours (most lines are plain chat). */
export function parseChatCommand(text: string): ChatCommand | null {
  const match = /^\s*!([a-z]+)(?:\s+(.*))?$/is.exec(text);
  if (!match) return null;
  const name = (match[1] ?? "").toLowerCase();
  const rest = (match[2] ?? "").trim();
  switch (name) {
    case "join":
      return { kind: "join", tag: rest ? rest.slice(0, CHAT_TAG_MAX).trim() : null };
    case "leave":
      return { kind: "leave" };
    case "position":
    case "place":
      return { kind: "position" };
    case "queue":
      return { kind: "queue" };
    case "vip":
      return { kind: "vip" };
    case "ready":
      return { kind: "ready" };
    case "next":
      return { kind: "next" };
    case "remove": {
      const target = rest.replace(/^@/, "").trim();
      return target ? { kind: "remove", name: target.slice(0, CHAT_TAG_MAX) } : null;
    }
    default:
      return null;
  }
}

/** "1st", "2nd", "3rd", "4th", "11th", "21st". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}
