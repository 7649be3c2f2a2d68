import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { chatIdentities, queueEntries } from "~db/schema";
import { discordWorld } from "./chat-world";
import { Client } from "./client";
import { until } from "./live-world";
import { throughProvider, unique } from "./social-flow";

const db = () => drizzle(env.DB);

describe("linking chat identities to accounts", () => {
  it("a Discord sign-in links the Discord user's chat identity, and their place moves to the account", async () => {
    const world = await discordWorld();
    const discordId = String(Date.now()) + String(Math.floor(Math.random() * 1000));
    await world.slash({ user: "Linker", userId: discordId, command: "join", options: { tag: "LinkTag" } });
    await until(async () => (await world.followUps()).length > 0);
    const email = `linker-${unique()}@example.com`;
    await throughProvider(new Client(), "discord", {
      custom_id: discordId,
      custom_name: "Linker",
      custom_email: email,
      custom_verified: "yes",
    });
    const account = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>();
    if (!account) throw new Error("no account made");
    const [identity] = await db().select().from(chatIdentities).where(eq(chatIdentities.platformUserId, discordId));
    expect(identity?.userId).toBe(account.id);
    const places = await db().select().from(queueEntries).where(eq(queueEntries.liveSessionId, world.liveSessionId));
    expect(places.map((p) => [p.userId, p.gamertag, p.source])).toEqual([[account.id, "LinkTag", "discord"]]);
  });

  it("a Discord sign-in of a user who never queued from chat makes no chat identity", async () => {
    const discordId = `7${Date.now()}`;
    await throughProvider(new Client(), "discord", {
      custom_id: discordId,
      custom_name: "Plain",
      custom_email: `plain-${unique()}@example.com`,
      custom_verified: "yes",
    });
    expect(await db().select().from(chatIdentities).where(eq(chatIdentities.platformUserId, discordId))).toEqual([]);
  });
});
