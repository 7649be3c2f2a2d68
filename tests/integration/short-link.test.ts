import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createStreamer, createUser } from "../factories";
import { request } from "./app";
import { liveWorld } from "./live-world";

/** A streamer's short link, /@handle: their live session while live, else their page; anything else is a 404 page. */
describe("the short link /@handle", () => {
  it("opens the live session while the streamer is live, and their page once it ends", async () => {
    const world = await liveWorld();
    const live = await request(`/@${world.streamer.username}`);
    expect(live.status).toBe(302);
    expect(live.headers.get("Location")).toBe(`/live/${world.liveSessionId}`);
    await env.DB.prepare("UPDATE live_sessions SET ended_at = ? WHERE id = ?")
      .bind(Date.now(), world.liveSessionId)
      .run();
    const ended = await request(`/@${world.streamer.username.toUpperCase()}`);
    expect(ended.headers.get("Location")).toBe(`/star/${world.streamer.id}`);
    await env.DB.prepare("UPDATE users SET live_session_id = NULL WHERE id = ?").bind(world.streamer.id).run();
    expect((await request(`/@${world.streamer.username}`)).headers.get("Location")).toBe(`/star/${world.streamer.id}`);
  });

  it("is a 404 page for a fan's handle, an inactive streamer, an unknown handle and any other unclaimed path", async () => {
    const fan = await createUser(env.DB);
    const gone = await createStreamer(env.DB, { isActive: false });
    for (const path of [`/@${fan.username}`, `/@${gone.username}`, "/@nobody-here", "/@", "/no-such-page"]) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("Page not found");
    }
  });
});
