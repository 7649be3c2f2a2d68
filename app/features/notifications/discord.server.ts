import { and, eq, inArray, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertManageBusiness } from "~/features/access";
import { AppError } from "~/lib/errors";
import { getDb, selectInChunks } from "~/platform/db.server";
import { discordSender } from "~/platform/discord/discord.server";
import { log } from "~/platform/log.server";
import { discordPreferences, oauthAccounts, streamerProfiles } from "~db/schema";
import { DISCORD_COPY } from "./copy";

/**
 * Discord notification preferences (docs/domain.md): which notifications also go to the user's Discord (as a
 * DM from the site's bot) when they signed in with Discord. One row per user; no row means the defaults.
 */
export type DiscordPreferenceKey = "upcomingSlots" | "favoriteCreatorSlots" | "favoriteCreatorLive" | "promotions";
export type DiscordPreferencesView = Record<DiscordPreferenceKey, boolean>;

const DISCORD_DEFAULTS: DiscordPreferencesView = {
  upcomingSlots: true,
  favoriteCreatorSlots: true,
  favoriteCreatorLive: true,
  promotions: false,
};

export async function getDiscordPreferences(env: Env, viewer: Viewer): Promise<DiscordPreferencesView> {
  const [row] = await getDb(env).select().from(discordPreferences).where(eq(discordPreferences.userId, viewer.id));
  if (!row) return { ...DISCORD_DEFAULTS };
  return {
    upcomingSlots: row.upcomingSlots,
    favoriteCreatorSlots: row.favoriteCreatorSlots,
    favoriteCreatorLive: row.favoriteCreatorLive,
    promotions: row.promotions,
  };
}

/** Saves the viewer's own preferences (a partial update keeps the other keys). */
export async function setDiscordPreferences(
  env: Env,
  viewer: Viewer,
  input: Partial<DiscordPreferencesView>,
): Promise<DiscordPreferencesView> {
  const next = { ...(await getDiscordPreferences(env, viewer)), ...input };
  try {
    await getDb(env)
      .insert(discordPreferences)
      .values({ userId: viewer.id, ...next, updatedAt: new Date() })
      .onConflictDoUpdate({ target: discordPreferences.userId, set: { ...next, updatedAt: new Date() } });
  } catch (error) {
    log.error("discord.preferences_failed", { error });
    throw new AppError(503, DISCORD_COPY.updateFailed);
  }
  return next;
}

/** The streamer's Discord bot status (POST /api/change-discord-bot-status): their own profile only. */
export async function setDiscordBotStatus(
  env: Env,
  viewer: Viewer,
  enabled: boolean,
): Promise<{ discordBotEnabled: boolean }> {
  assertManageBusiness(viewer, viewer.id);
  await getDb(env)
    .update(streamerProfiles)
    .set({ discordBotEnabled: enabled, updatedAt: new Date() })
    .where(eq(streamerProfiles.userId, viewer.id));
  return { discordBotEnabled: enabled };
}

const PREFERENCE_COLUMN = {
  favoriteCreatorLive: discordPreferences.favoriteCreatorLive,
  favoriteCreatorSlots: discordPreferences.favoriteCreatorSlots,
  upcomingSlots: discordPreferences.upcomingSlots,
  promotions: discordPreferences.promotions,
} as const;

/**
 * Sends `content` by Discord to those of `userIds` who signed in with Discord and keep `preference` on (the
 * default when they never saved preferences). Failures are logged, never thrown: Discord is a copy of the
 * in-app notification, which is already written.
 */
export async function sendDiscordCopies(
  env: Env,
  userIds: string[],
  preference: DiscordPreferenceKey,
  content: string,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const db = getDb(env);
  const column = PREFERENCE_COLUMN[preference];
  const recipients = await selectInChunks(userIds, (ids) =>
    db
      .select({ discordUserId: oauthAccounts.providerUserId })
      .from(oauthAccounts)
      .leftJoin(discordPreferences, eq(discordPreferences.userId, oauthAccounts.userId))
      .where(
        and(
          eq(oauthAccounts.provider, "discord"),
          inArray(oauthAccounts.userId, ids),
          sql`coalesce(${column}, ${DISCORD_DEFAULTS[preference] ? 1 : 0}) = 1`,
        ),
      ),
  );
  const sender = discordSender(env);
  let sent = 0;
  for (const recipient of recipients) {
    try {
      await sender.send({ discordUserId: recipient.discordUserId, content });
      sent++;
    } catch (error) {
      log.error("discord.copy_failed", { discordUserId: recipient.discordUserId, error });
    }
  }
  return sent;
}
