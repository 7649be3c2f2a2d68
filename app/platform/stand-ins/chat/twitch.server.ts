import { DEV_EVENTSUB_SECRET, EVENTSUB_HEADERS, eventSubSignature } from "../../twitch/eventsub.server";

/**
 * The local Twitch of development and tests: an EventSub `channel.chat.message` delivery for one viewer's line,
 * signed with the development secret exactly as Twitch signs (the webhook verifies it like any other). Registered by
 * workers/dev-composition.ts for the /dev/chat routes; the tests import it.
 */
export type DevChatLine = {
  /** The broadcaster's Twitch user id and login. */
  broadcasterId: string;
  broadcasterLogin: string;
  /** The viewer's chat name; their Twitch id is derived from it unless given. */
  user: string;
  userId?: string;
  text: string;
  messageId?: string;
  badges?: string[];
  /** Shared chat: the partner channel the line was typed in. */
  sourceBroadcasterId?: string;
};

/** A stable numeric id for a name (Twitch ids are digits), so one name is one viewer across lines. */
export function devTwitchId(name: string): string {
  let hash = 7n;
  for (const char of name.toLowerCase()) hash = (hash * 131n + BigInt(char.codePointAt(0) ?? 0)) % 999_999_999_999_989n;
  return String(hash);
}

export async function signedTwitchDelivery(
  line: DevChatLine,
  options: { secret?: string; at?: Date; type?: string; body?: string } = {},
): Promise<{ headers: Headers; body: string }> {
  const id = line.messageId ?? crypto.randomUUID();
  const timestamp = (options.at ?? new Date()).toISOString();
  const type = options.type ?? "notification";
  const body =
    options.body ??
    JSON.stringify({
      subscription: {
        id: `stand-in-${line.broadcasterId}`,
        type: "channel.chat.message",
        version: "1",
        status: "enabled",
        condition: { broadcaster_user_id: line.broadcasterId, user_id: "stand-in-bot" },
      },
      event: {
        broadcaster_user_id: line.broadcasterId,
        broadcaster_user_login: line.broadcasterLogin,
        broadcaster_user_name: line.broadcasterLogin,
        chatter_user_id: line.userId ?? devTwitchId(line.user),
        chatter_user_login: line.user.toLowerCase(),
        chatter_user_name: line.user,
        message_id: id,
        message: { text: line.text, fragments: [{ type: "text", text: line.text }] },
        message_type: "text",
        badges: (line.badges ?? []).map((set_id) => ({ set_id, id: "1", info: "" })),
        source_broadcaster_user_id: line.sourceBroadcasterId ?? null,
      },
    });
  const headers = new Headers({
    "Content-Type": "application/json",
    [EVENTSUB_HEADERS.id]: id,
    [EVENTSUB_HEADERS.timestamp]: timestamp,
    [EVENTSUB_HEADERS.type]: type,
    [EVENTSUB_HEADERS.signature]: await eventSubSignature(options.secret ?? DEV_EVENTSUB_SECRET, id, timestamp, body),
  });
  return { headers, body };
}
