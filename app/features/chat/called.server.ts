import { and, eq, sql } from "drizzle-orm";
import type { PlaceCalled } from "~/features/live/index.server";
import { getDb } from "~/platform/db.server";
import { discordSender } from "~/platform/discord/discord.server";
import { log } from "~/platform/log.server";
import { chatConnections, chatIdentities, liveSessions, queueEntries } from "~db/schema";
import { CHAT_COPY } from "./copy";
import { sayInChannel } from "./say.server";

/** How a called chat fan was told: in the Twitch channel, by Discord DM, or not at all (and why). */
export type ChatCallOutcome = "channel" | "dm" | "dm_refused" | "bot_off" | "not_chat";

/** "2 min", "90 s": the ready check's time as chat says it. */
function chatTimeLeft(seconds: number): string {
  return seconds < 120 && seconds % 60 !== 0 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

/**
 * A fan who joined from chat was called to play next (from the dashboard, a party call, a backfill or a mod's
 * !next): registered as a live call hook in workers/composition.ts. A Twitch place is told in the channel through
 * its ChatReplies object ("@name you're up: type !ready within 2 min"); a Discord place by DM, where the member
 * allows DMs (Discord refuses a DM the member has turned off: logged, the fan still has the site's alerts). Nothing
 * is said where the streamer turned the commands off or the connection broke.
 */
export async function tellCalledChatFan(env: Env, call: PlaceCalled): Promise<ChatCallOutcome> {
  const row = await getDb(env)
    .select({
      platform: chatConnections.platform,
      channelId: chatConnections.channelId,
      channelName: chatConnections.channelName,
      commandsOn: chatConnections.commandsOn,
      state: chatConnections.state,
      platformUserId: chatIdentities.platformUserId,
      displayName: chatIdentities.displayName,
    })
    .from(queueEntries)
    .innerJoin(liveSessions, eq(liveSessions.id, queueEntries.liveSessionId))
    .innerJoin(
      chatConnections,
      and(eq(chatConnections.streamerId, liveSessions.streamerId), eq(chatConnections.platform, queueEntries.source)),
    )
    .innerJoin(
      chatIdentities,
      and(
        eq(chatIdentities.platform, queueEntries.source),
        sql`coalesce(${chatIdentities.userId}, ${chatIdentities.shadowUserId}) = ${queueEntries.userId}`,
      ),
    )
    .where(eq(queueEntries.id, call.entryId))
    .get();
  if (!row) return "not_chat";
  if (!row.commandsOn || row.state !== "connected") return "bot_off";
  const within = chatTimeLeft(call.secondsLeft);
  if (row.platform === "twitch") {
    await sayInChannel(
      env,
      { platform: "twitch", channelId: row.channelId, channel: row.channelName },
      { to: row.displayName, text: CHAT_COPY.yourTurn(within), short: "you're up: !ready" },
    );
    return "channel";
  }
  try {
    await discordSender(env).send({
      discordUserId: row.platformUserId,
      content: CHAT_COPY.yourTurnDm(call.streamerName, row.channelName, within),
    });
    return "dm";
  } catch (error) {
    log.warn("chat.discord_dm_refused", { entryId: call.entryId, error });
    return "dm_refused";
  }
}
