import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays } from "~/features/time/calendar";
import { createGig } from "../factories";
import { request } from "./app";
import { streamerWithGame } from "./streamer-world";

/**
 * How long a gig's sessions last: asked on the gig form (unset: the game mode's length, 30 min here), taken by
 * every slot added on the gig, and shown on the fans' gig page and the streamer's calendar.
 */
const future = addDays(new Date().toISOString().slice(0, 10), 10);

function multipart(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

async function slotMinutes(gigId: string): Promise<number[]> {
  const rows = await env.DB.prepare(
    "SELECT (ends_at - starts_at) / 60000 AS minutes FROM slots WHERE product_id = ? ORDER BY starts_at",
  )
    .bind(gigId)
    .all<{ minutes: number }>();
  return rows.results.map((row) => row.minutes);
}

describe("a gig's session length", () => {
  it("is asked on the gig form, and each slot added on the gig lasts that long", async () => {
    const { cookie, game, platformId, streamer } = await streamerWithGame();
    const form = await (await request("/influencer/products/new", { headers: { Cookie: cookie } })).text();
    expect(form).toContain("How long a session lasts");
    const created = await request("/influencer/products/new", {
      method: "POST",
      body: multipart({
        product_title: "Ninety minutes",
        _game_id: game.id,
        _game_mode_id: game.modeId,
        _platform_playing_on_id: platformId,
        price: "10",
        session_minutes: "90",
      }),
      headers: { Cookie: cookie },
    });
    expect(created.status).toBe(302);
    const gig = await env.DB.prepare("SELECT id, session_minutes FROM products WHERE influencer_id = ?")
      .bind(streamer.id)
      .first<{ id: string; session_minutes: number }>();
    expect(gig?.session_minutes).toBe(90);
    const add = await request("/api/post/influencer/slots/add", {
      method: "POST",
      body: JSON.stringify({ productId: gig?.id, date: future, startTime: "18:00", timeZone: "UTC", repeatWeeks: 1 }),
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: "http://localhost" },
    });
    expect(add.status).toBe(200);
    expect(await slotMinutes(gig?.id ?? "")).toEqual([90, 90]);
    const page = await (await request(`/gig/${gig?.id}`)).text();
    expect(page).toMatch(/data-testid="session-length"[^>]*>1 h 30 min</);
    const [year, month] = future.split("-").map(Number);
    const calendar = await (
      await request(`/influencer/calendar-dashboard?month=${month}&year=${year}`, { headers: { Cookie: cookie } })
    ).text();
    expect(calendar).toContain('data-testid="slot-length">1 h 30 min<');
    const edit = await (await request(`/influencer/products/${gig?.id}/edit`, { headers: { Cookie: cookie } })).text();
    expect(edit).toMatch(/<option value="90" selected="">1 h 30 min<\/option>/);
  });

  it("left unset, is the game mode's length; the database refuses one out of bounds", async () => {
    const { cookie, game, streamer } = await streamerWithGame();
    const gig = await createGig(env.DB, streamer.id, game);
    const add = await request("/api/post/influencer/slots/add", {
      method: "POST",
      body: JSON.stringify({ productId: gig.id, date: future, startTime: "09:00", timeZone: "UTC" }),
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: "http://localhost" },
    });
    expect(add.status).toBe(200);
    expect(await slotMinutes(gig.id)).toEqual([30]);
    expect(await (await request(`/gig/${gig.id}`)).text()).toMatch(/data-testid="session-length"[^>]*>30 min</);
    // Raw SQL on purpose: the database's own check refuses a length out of bounds, whatever the code does.
    await expect(
      env.DB.prepare("UPDATE products SET session_minutes = 2 WHERE id = ?").bind(gig.id).run(),
    ).rejects.toThrow(/session_minutes/);
    await expect(
      env.DB.prepare("UPDATE products SET session_minutes = 600 WHERE id = ?").bind(gig.id).run(),
    ).rejects.toThrow(/session_minutes/);
  });
});
