import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { newId } from "~/lib/id";
import { signedDiscordInteraction } from "~/platform/stand-ins/chat/discord.server";
import { chatConnections } from "~db/schema";
import { readPage } from "~tests/support/page";
import { postForm, request } from "./app";
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

/** The `/connect` code the streamer's Chat page shows them. */
async function connectCode(cookie: string) {
  const text = (await readPage(await get("/influencer/chat", cookie))).byTestId("discord-connect").textContent ?? "";
  const code = /\/connect code:(\S+)/.exec(text)?.[1];
  expect(code).toBeTruthy();
  return code ?? "";
}

/** A member types `/connect code:…` in a server: its reply (answered to them only). */
async function typeConnect(guildId: string, code: string, permissions: string) {
  const delivery = await signedDiscordInteraction({
    guildId,
    user: "Owner",
    command: "connect",
    options: { code },
    permissions,
  });
  const answer = await request("/api/chat/discord", { method: "POST", headers: delivery.headers, body: delivery.body });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { data: { content: string; flags: number } };
  expect(body.data.flags).toBe(64);
  return body.data.content;
}

describe("the streamer's Chat page", () => {
  it("connects a Discord server only through /connect by its manager, sets the mod role, turns commands off and on, and disconnects", async () => {
    const world = await liveWorld();
    const page = await get("/influencer/chat", world.streamerCookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Not connected");
    const as = { Cookie: world.streamerCookie };
    const code = await connectCode(world.streamerCookie);
    const guildId = guild();

    // A forged code, or a member who does not manage the server, connects nothing.
    expect(await typeConnect(guildId, `${code.slice(0, -4)}AAAA`, "32")).toContain("not valid or has expired");
    expect(await typeConnect(guildId, code, "0")).toBe(
      "Only the server's owner or a member with Manage Server can connect it",
    );
    expect(await typeConnect(guildId, code, String(1n << 11n))).toContain("Manage Server");
    expect(await connectionOf(world.streamer.id, "discord")).toBeUndefined();

    // Its manager (Manage Server) connects it.
    expect(await typeConnect(guildId, code, "32")).toBe(
      `Connected: /join here now joins @${world.streamer.username}'s live queue on Noobrd`,
    );
    expect(await connectionOf(world.streamer.id, "discord")).toMatchObject({
      channelId: guildId,
      channelName: `Server ${guildId}`,
      modRoleId: null,
      commandsOn: true,
      state: "connected",
    });

    const bad = await postForm("/influencer/chat", { intent: "discord", modRoleId: "nope" }, as);
    expect(bad.status).toBe(400);
    const refused = await bad.text();
    expect(refused).toContain("Enter the role&#x27;s id");
    // The refused form comes back as sent.
    expect(refused).toMatch(/name="modRoleId"[^>]*value="nope"/);
    const saved = await postForm("/influencer/chat", { intent: "discord", modRoleId: "300000000000000001" }, as);
    expect(saved.status).toBe(302);
    expect((await connectionOf(world.streamer.id, "discord"))?.modRoleId).toBe("300000000000000001");
    const shown = await (await get("/influencer/chat", world.streamerCookie)).text();
    expect(shown).toContain(`Server ${guildId}`);
    expect(shown).toContain("commands on");

    // Moving to another server (its administrator) clears the first server's mod role.
    const next = guild();
    expect(await typeConnect(next, code, "8")).toContain("Connected");
    expect(await connectionOf(world.streamer.id, "discord")).toMatchObject({ channelId: next, modRoleId: null });

    const off = await postForm("/influencer/chat", { intent: "commands", platform: "discord", on: "off" }, as);
    expect(off.status).toBe(302);
    expect((await connectionOf(world.streamer.id, "discord"))?.commandsOn).toBe(false);
    await postForm("/influencer/chat", { intent: "commands", platform: "discord", on: "on" }, as);
    expect((await connectionOf(world.streamer.id, "discord"))?.commandsOn).toBe(true);

    // Disconnecting asks first (no JavaScript), then goes.
    const ask = await postForm("/influencer/chat", { intent: "disconnect", platform: "discord" }, as);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("Disconnect? The bot stops answering there.");
    expect(await connectionOf(world.streamer.id, "discord")).toBeDefined();
    const gone = await postForm("/influencer/chat", { intent: "disconnect", platform: "discord", confirm: "yes" }, as);
    expect(gone.status).toBe(302);
    expect(await connectionOf(world.streamer.id, "discord")).toBeUndefined();
  });

  it("refuses a server another streamer connected, a mod role or commands before connecting, and fans", async () => {
    const other = await discordWorld();
    const world = await liveWorld();
    const as = { Cookie: world.streamerCookie };
    const taken = await typeConnect(other.guildId, await connectCode(world.streamerCookie), "8");
    expect(taken).toBe("That channel or server is connected to another streamer");
    expect(await connectionOf(world.streamer.id, "discord")).toBeUndefined();
    const role = await postForm("/influencer/chat", { intent: "discord", modRoleId: "300000000000000001" }, as);
    expect(role.status).toBe(404);
    const none = await postForm("/influencer/chat", { intent: "commands", platform: "twitch", on: "off" }, as);
    expect(none.status).toBe(404);
    const fan = await liveFan();
    expect((await get("/influencer/chat", fan.cookie)).status).toBe(302);
    const refused = await postForm(
      "/influencer/chat",
      { intent: "discord", modRoleId: guild() },
      { Cookie: fan.cookie },
    );
    expect(refused.status).toBe(302);
    expect(await db().select().from(chatConnections).where(eq(chatConnections.streamerId, fan.user.id))).toEqual([]);
  });

  it("says when Twitch revoked the connection, and how to mend it", async () => {
    const world = await liveWorld();
    await db()
      .insert(chatConnections)
      .values({
        id: newId(),
        streamerId: world.streamer.id,
        platform: "twitch",
        channelId: String(Math.floor(Math.random() * 1e9)),
        channelName: "brokenchan",
        state: "broken",
        brokenReason: "authorization_revoked",
      });
    const html = (await readPage(await get("/influencer/chat", world.streamerCookie))).textOf("main");
    expect(html).toContain("#brokenchan");
    expect(html).toMatch(/Broken: Twitch stopped sending us chat.*authorization_revoked.*Connect again to mend it/s);
    expect(html).toContain("Connect Twitch again");
  });
});
