import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { replaceGamertags } from "~/features/profile/profile.server";
import { createGame, createLiveSession, createPlatform, createStreamer } from "../factories";
import { get, liveFan, post } from "./live-world";
import { loggedInUser } from "./session";

/**
 * The probe's leftover: GET /api/get/vipQueue/:id and regularQueue/:id showed queued fans' account usernames to
 * signed-out visitors. Anyone but the session's streamer reads gamer tags and places only.
 */
type LaneRow = Record<string, unknown>;

describe("a live session's lanes, read by others than its streamer", () => {
  it("show gamer tags and places, never usernames or ids", async () => {
    const streamer = await createStreamer(env.DB);
    const xbox = await createPlatform(env.DB, `xbox-${crypto.randomUUID()}`);
    const game = await createGame(env.DB, {}, { platformIds: [xbox.id] });
    const session = await createLiveSession(env.DB, streamer.id, game, { priceMinor: 500 });
    const tagged = await liveFan();
    const untagged = await liveFan();
    await replaceGamertags(env, tagged.user.id, [{ platform: "xbox", tag: "AceOnXbox" }]);
    for (const fan of [tagged, untagged]) {
      expect((await post("/api/join_regular", fan.cookie, { liveSessionId: session.id })).status).toBe(200);
    }
    const { cookie: stranger } = await loggedInUser();

    for (const [who, cookie] of [
      ["signed out", ""],
      ["another fan", stranger],
      ["a queued fan", untagged.cookie],
    ] as const) {
      const response = await get(`/api/get/regularQueue/${session.id}`, cookie);
      expect(response.status, who).toBe(200);
      const text = await response.text();
      for (const fan of [tagged, untagged]) {
        expect(text, who).not.toContain(fan.user.username);
        expect(text, who).not.toContain(fan.user.id);
      }
      const { data } = JSON.parse(text) as { data: LaneRow[] };
      expect(data, who).toEqual([
        { position: 1, gamerTag: "AceOnXbox", state: "waiting", joinedAt: expect.anything() },
        { position: 2, gamerTag: null, state: "waiting", joinedAt: expect.anything() },
      ]);
      const vip = (await (await get(`/api/get/vipQueue/${session.id}`, cookie)).json()) as { data: LaneRow[] };
      expect(vip.data, who).toEqual([]);
    }

    // The streamer serves by username and ids.
    const streamerCookie = (await createSession(env, streamer.id)).split(";")[0] ?? "";
    const own = (await (await get(`/api/get/regularQueue/${session.id}`, streamerCookie)).json()) as {
      data: LaneRow[];
    };
    expect(own.data.map((row) => row.username)).toEqual([tagged.user.username, untagged.user.username]);
    expect(own.data.map((row) => row._user_id)).toEqual([tagged.user.id, untagged.user.id]);
  });
});
