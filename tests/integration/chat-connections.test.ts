import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { newId } from "~/lib/id";
import { chatConnections } from "~db/schema";
import { readPage } from "~tests/support/page";
import { postForm } from "./app";
import { discordWorld } from "./chat-world";
import { get, liveFan, liveWorld } from "./live-world";

const db = () => drizzle(env.DB);
const connectionOf = (streamerId: string, platform: "twitch" | "discord") =>
  db()
    .select()
    .from(chatConnections)
    .where(and(eq(chatConnections.streamerId, streamerId), eq(chatConnections.platform, platform)))
    .get();
const guild = () => String(200_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e12)));

describe("the streamer's Chat page", () => {
  it("connects a Discord server with its mod role, turns its commands off and on, and disconnects (plain forms)", async () => {
    const world = await liveWorld();
    const page = await get("/influencer/chat", world.starCookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Not connected");
    const as = { Cookie: world.starCookie };

    const bad = await postForm(
      "/influencer/chat",
      { intent: "discord", guildId: "nope", modRoleId: "300000000000000009" },
      as,
    );
    expect(bad.status).toBe(400);
    const refused = await bad.text();
    expect(refused).toContain("Enter the server&#x27;s id");
    // The refused form comes back as sent.
    expect(refused).toMatch(/name="guildId"[^>]*value="nope"/);
    expect(refused).toMatch(/name="modRoleId"[^>]*value="300000000000000009"/);

    const guildId = guild();
    const saved = await postForm(
      "/influencer/chat",
      { intent: "discord", guildId, modRoleId: "300000000000000001" },
      as,
    );
    expect(saved.status).toBe(302);
    expect(await connectionOf(world.star.id, "discord")).toMatchObject({
      channelId: guildId,
      channelName: `Server ${guildId}`,
      modRoleId: "300000000000000001",
      commandsOn: true,
      state: "connected",
    });
    const shown = await (await get("/influencer/chat", world.starCookie)).text();
    expect(shown).toContain(`Server ${guildId}`);
    expect(shown).toContain("commands on");

    const off = await postForm("/influencer/chat", { intent: "commands", platform: "discord", on: "off" }, as);
    expect(off.status).toBe(302);
    expect((await connectionOf(world.star.id, "discord"))?.commandsOn).toBe(false);
    await postForm("/influencer/chat", { intent: "commands", platform: "discord", on: "on" }, as);
    expect((await connectionOf(world.star.id, "discord"))?.commandsOn).toBe(true);

    // Disconnecting asks first (no JavaScript), then goes.
    const ask = await postForm("/influencer/chat", { intent: "disconnect", platform: "discord" }, as);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("Disconnect? The bot stops answering there.");
    expect(await connectionOf(world.star.id, "discord")).toBeDefined();
    const gone = await postForm("/influencer/chat", { intent: "disconnect", platform: "discord", confirm: "yes" }, as);
    expect(gone.status).toBe(302);
    expect(await connectionOf(world.star.id, "discord")).toBeUndefined();
  });

  it("refuses a server another streamer connected, commands for a platform not connected, and fans", async () => {
    const other = await discordWorld();
    const world = await liveWorld();
    const as = { Cookie: world.starCookie };
    const taken = await postForm("/influencer/chat", { intent: "discord", guildId: other.guildId }, as);
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("connected to another streamer");
    const none = await postForm("/influencer/chat", { intent: "commands", platform: "twitch", on: "off" }, as);
    expect(none.status).toBe(404);
    const fan = await liveFan();
    expect((await get("/influencer/chat", fan.cookie)).status).toBe(302);
    const refused = await postForm("/influencer/chat", { intent: "discord", guildId: guild() }, { Cookie: fan.cookie });
    expect(refused.status).toBe(302);
    expect(await db().select().from(chatConnections).where(eq(chatConnections.streamerId, fan.user.id))).toEqual([]);
  });

  it("says when Twitch revoked the connection, and how to mend it", async () => {
    const world = await liveWorld();
    await db()
      .insert(chatConnections)
      .values({
        id: newId(),
        streamerId: world.star.id,
        platform: "twitch",
        channelId: String(Math.floor(Math.random() * 1e9)),
        channelName: "brokenchan",
        state: "broken",
        brokenReason: "authorization_revoked",
      });
    const html = (await readPage(await get("/influencer/chat", world.starCookie))).textOf("main");
    expect(html).toContain("#brokenchan");
    expect(html).toMatch(/Broken: Twitch stopped sending us chat.*authorization_revoked.*Connect again to mend it/s);
    expect(html).toContain("Connect Twitch again");
  });
});
