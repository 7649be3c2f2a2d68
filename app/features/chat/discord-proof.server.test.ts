import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  DISCORD_CONNECT_CODE_TTL_MS,
  discordConnectCode,
  managesServer,
  streamerOfConnectCode,
} from "./discord-proof.server";

describe("the Discord /connect code", () => {
  const at = new Date("2026-11-29T10:00:00Z");

  it("names its streamer for an hour, then nobody", async () => {
    const code = await discordConnectCode(env, "streamer123", at);
    expect(await streamerOfConnectCode(env, code, at)).toBe("streamer123");
    expect(
      await streamerOfConnectCode(env, ` ${code} `, new Date(at.getTime() + DISCORD_CONNECT_CODE_TTL_MS - 1)),
    ).toBe("streamer123");
    expect(await streamerOfConnectCode(env, code, new Date(at.getTime() + DISCORD_CONNECT_CODE_TTL_MS))).toBeNull();
  });

  it("refuses a code for another streamer, a later expiry or a changed signature", async () => {
    const code = await discordConnectCode(env, "streamer123", at);
    const [, expiry, signature] = code.split(".");
    expect(await streamerOfConnectCode(env, `streamer999.${expiry}.${signature}`, at)).toBeNull();
    const later = (at.getTime() + 10 * DISCORD_CONNECT_CODE_TTL_MS).toString(36);
    expect(await streamerOfConnectCode(env, `streamer123.${later}.${signature}`, at)).toBeNull();
    expect(await streamerOfConnectCode(env, "", at)).toBeNull();
    expect(await streamerOfConnectCode(env, "a.b", at)).toBeNull();
  });

  it("counts only Administrator and Manage Server as managing a server", () => {
    expect(managesServer("8")).toBe(true);
    expect(managesServer("32")).toBe(true);
    expect(managesServer(String((1n << 40n) | 32n))).toBe(true);
    expect(managesServer("16")).toBe(false);
    expect(managesServer("0")).toBe(false);
    expect(managesServer(undefined)).toBe(false);
    expect(managesServer("not a number")).toBe(false);
  });
});
