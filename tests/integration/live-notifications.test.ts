import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { liveSocketPath } from "~/features/live/events";
import { banReportedUsers } from "~/features/moderation/moderation.server";
import { notificationSocketPath } from "~/features/notifications/events";
import { notifyUser } from "~/features/notifications/notify.server";
import { newId } from "~/lib/id";
import { readDiscordOutbox } from "~/platform/stand-ins/discord/outbox.server";
import { eventually } from "~tests/support/eventually";
import { createGame, createPlatform, favouriteStar, linkOAuthAccount } from "../factories";
import { staffUser } from "./admin-world";
import { get, liveFan, liveWorld, openSocket, post, until } from "./live-world";

/** Notifications: the user's socket, the list API, Discord preferences and the Discord copy of the fan-out. */
function pollRows(sql: string, atLeast: number) {
  return eventually(
    async () => {
      const { results } = await env.DB.prepare(sql).all();
      return results.length >= atLeast && results;
    },
    { what: `fewer than ${atLeast} rows: ${sql}` },
  );
}

describe("the user's notification socket", () => {
  it("lists on connect, pushes a new row, marks read, and admits only its user", async () => {
    const fan = await liveFan();
    const other = await liveFan();
    const socket = await openSocket(notificationSocketPath(fan.user.id), fan.cookie);
    await until(() => socket.last("notificationsList"));
    await notifyUser(env, { userId: fan.user.id, type: "system", title: "Hello from the hub", url: "/" });
    const pushed = await until(() => socket.last("newNotification"));
    expect((pushed.data as { notification: { title: string }; unread: number }).notification.title).toBe(
      "Hello from the hub",
    );
    expect((pushed.data as { unread: number }).unread).toBe(1);
    socket.send({ event: "notificationsMarkRead", data: { _user_id: fan.user.id } });
    await until(() => (socket.last("notificationsList")?.data as { unread: number } | undefined)?.unread === 0);
    const listed = (await (await get("/api/get/notifications", fan.cookie)).json()) as {
      data: { title: string }[];
      unread: number;
    };
    expect(listed.data[0]?.title).toBe("Hello from the hub");
    expect(listed.unread).toBe(0);
    await expect(openSocket(notificationSocketPath(fan.user.id), other.cookie)).rejects.toThrow(/403/);
    await expect(openSocket(notificationSocketPath(fan.user.id))).rejects.toThrow(/403/);
    expect((await get("/api/get/notifications")).status).toBe(401);
    socket.close();
  });
});

describe("Discord notification preferences", () => {
  it("reads defaults, saves a subset, and the streamer's bot status is theirs alone", async () => {
    const fan = await liveFan();
    const read = async () =>
      (
        (await (await get("/api/get-discord-notifications-preferences", fan.cookie)).json()) as {
          data: Record<string, boolean>;
        }
      ).data;
    expect(await read()).toEqual({
      upcomingSlots: true,
      favoriteCreatorSlots: true,
      favoriteCreatorLive: true,
      promotions: false,
    });
    expect(
      (
        await post("/api/set-discord-notifications-preferences", fan.cookie, {
          favoriteCreatorLive: false,
          promotions: true,
        })
      ).status,
    ).toBe(200);
    expect(await read()).toEqual({
      upcomingSlots: true,
      favoriteCreatorSlots: true,
      favoriteCreatorLive: false,
      promotions: true,
    });
    expect((await post("/api/set-discord-notifications-preferences", "", { promotions: true })).status).toBe(401);
    expect((await post("/api/change-discord-bot-status", fan.cookie, { status: true })).status).toBe(403);
    const world = await liveWorld();
    expect((await post("/api/change-discord-bot-status", world.streamerCookie, { status: true })).status).toBe(200);
    const profile = await env.DB.prepare("SELECT discord_bot_enabled FROM influencer_profiles WHERE user_id = ?")
      .bind(world.streamer.id)
      .first();
    expect(profile?.discord_bot_enabled).toBe(1);
  });

  it("a favourite star going live notifies every fan in the app, and by Discord those who keep it on", async () => {
    const world = await liveWorld();
    // The star goes live afresh through the API (the world's session is ended first).
    await post(`/api/liveSession/end/${world.liveSessionId}`, world.streamerCookie, {});
    const [keeps, mutes, noDiscord] = await Promise.all([liveFan(), liveFan(), liveFan()]);
    for (const [fan, discordId] of [
      [keeps, `d${newId()}`],
      [mutes, `d${newId()}`],
    ] as const) {
      await linkOAuthAccount(env.DB, fan.user.id, "discord", discordId);
    }
    expect(
      (await post("/api/set-discord-notifications-preferences", mutes.cookie, { favoriteCreatorLive: false })).status,
    ).toBe(200);
    for (const fan of [keeps, mutes, noDiscord]) {
      await favouriteStar(env.DB, fan.user.id, world.streamer.id);
    }
    const platform = await createPlatform(env.DB, "pc");
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    const live = await post("/api/post/influencer/liveSession", world.streamerCookie, {
      _game_id: game.id,
      _game_mode_id: game.modeId,
      _platform_playing_on_id: platform.id,
      title: "Fan-out night",
      price: "5",
      session_tags: [{ name: "chill" }],
    });
    expect(live.status).toBe(200);
    const { res_live_session_id: id } = (await live.json()) as { res_live_session_id: string };
    const rows = await pollRows(
      `SELECT user_id, url FROM notifications WHERE influencer_id = '${world.streamer.id}' AND type = 'live'`,
      3,
    );
    expect(rows.map((row) => row.url)).toEqual([`/live/${id}`, `/live/${id}`, `/live/${id}`]);
    const keepsId = (
      await env.DB.prepare("SELECT provider_user_id FROM oauth_accounts WHERE user_id = ?").bind(keeps.user.id).first()
    )?.provider_user_id as string;
    const mutedId = (
      await env.DB.prepare("SELECT provider_user_id FROM oauth_accounts WHERE user_id = ?").bind(mutes.user.id).first()
    )?.provider_user_id as string;
    await eventually(async () => (await readDiscordOutbox(env.PRIVATE_FILES, keepsId)).length > 0);
    expect((await readDiscordOutbox(env.PRIVATE_FILES, keepsId))[0]?.content).toContain(`/live/${id}`);
    expect(await readDiscordOutbox(env.PRIVATE_FILES, mutedId)).toEqual([]);
  });
});

describe("a ban", () => {
  it("closes the banned account's open sockets at once (notifications and live sessions), and a reconnect is refused", async () => {
    const world = await liveWorld();
    const fan = await liveFan();
    const reporter = await liveFan();
    const hub = await openSocket(notificationSocketPath(fan.user.id), fan.cookie);
    const live = await openSocket(liveSocketPath(world.liveSessionId), fan.cookie);
    const bystander = await openSocket(liveSocketPath(world.liveSessionId), reporter.cookie);
    await until(() => hub.last("notificationsList"));
    await until(() => live.frames.length > 0 && bystander.frames.length > 0);
    const reported = await post("/api/post/report-user-account", reporter.cookie, {
      reportedUserId: fan.user.id,
      reason: "Abusive in chat",
    });
    expect(reported.status).toBe(200);
    const report = await env.DB.prepare("SELECT id FROM reports WHERE reported_user_id = ? AND status = 'pending'")
      .bind(fan.user.id)
      .first<{ id: string }>();
    await banReportedUsers(env, (await staffUser("admin")).viewer, [report?.id ?? ""]);
    await until(() => hub.isClosed() && live.isClosed());
    expect(bystander.isClosed()).toBe(false);
    await expect(openSocket(notificationSocketPath(fan.user.id), fan.cookie)).rejects.toThrow(/403/);
    bystander.close();
  });
});
