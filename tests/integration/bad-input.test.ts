import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createGig, createSlot } from "../factories";
import { request } from "./app";
import { streamerWithGame } from "./streamer-world";

function get(path: string, cookie: string) {
  return request(path, { headers: { Cookie: cookie } });
}

function post(path: string, cookie: string, body: unknown) {
  return request(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { Cookie: cookie, "Content-Type": "application/json", Origin: "http://localhost" },
  });
}

const BAD_QUERIES = [
  "page=abc",
  "limit=100000",
  "page=0",
  "limit=-1",
  "page=1e309",
  `limit=${"9".repeat(400)}`,
  "page=",
  "limit=%00",
];

describe("bad input is a 4xx with a message, never a 500", () => {
  it("the streamer's query-string calls take any query string", async () => {
    const { cookie, streamer, game } = await streamerWithGame();
    const gig = await createGig(env.DB, streamer.id, game);
    const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + 86_400_000));
    const paths = [
      `/api/get/paginatedproducts/${streamer.id}`,
      `/api/get/influencer/inactive-gigs/${streamer.id}`,
      "/api/get/influencer/payout-history",
      `/api/get/present_future/slots/influencer/${streamer.id}`,
      `/api/get/slot/${slot.id}`,
      "/api/streamer/lobby-code-details",
    ];
    for (const path of paths) {
      for (const query of [...BAD_QUERIES, `slotId=${"x".repeat(5000)}`]) {
        const response = await get(`${path}?${query}`, cookie);
        expect(response.status, `${path}?${query.slice(0, 40)}`).toBeLessThan(500);
        if (response.status >= 400) {
          const body = (await response.json()) as { success: boolean; message: string };
          expect(body.success).toBe(false);
          expect(body.message.length).toBeGreaterThan(0);
        }
      }
      const good = path.includes("lobby-code") ? `${path}?slotId=${slot.id}` : path;
      expect((await get(good, cookie)).status, good).toBeLessThan(400);
    }
    expect((await get("/influencer/products?page=abc", cookie)).status).toBe(200);
  });

  it("text with control characters is refused with a 400, never stored", async () => {
    const { cookie, game, platformId, streamer } = await streamerWithGame();
    const gig = {
      _game_id: game.id,
      _game_mode_id: game.modeId,
      _platform_playing_on_id: platformId,
      price: "12",
    };
    for (const title of ["\u0000Ranked", "Ranked\u0000", "Ran\u0007ked"]) {
      const added = await post("/api/influencer/add/product", cookie, { ...gig, product_title: title });
      expect(added.status, JSON.stringify(title)).toBe(400);
      expect(((await added.json()) as { message: string }).message).toBe(
        "Remove the invisible control characters from this text",
      );
    }
    const suggestion = await post("/api/suggeststar", cookie, { starName: "\u0000Ninja" });
    expect(suggestion.status).toBe(400);
    const live = await post("/api/post/influencer/liveSession", cookie, { ...gig, title: "\u0000Live", price: "5" });
    expect(live.status).toBe(400);
    // A tag with a NUL is cleaned as typed, not refused: the gig is added with the tag's visible part.
    const tagged = await post("/api/influencer/add/product", cookie, {
      ...gig,
      product_title: "Clean title",
      session_tags: ["\u0000fps"],
    });
    expect(tagged.status).toBe(200);
    const tags = await env.DB.prepare(
      "SELECT t.tag FROM product_tags t JOIN products p ON p.id = t.product_id WHERE p.influencer_id = ?",
    )
      .bind(streamer.id)
      .all<{ tag: string }>();
    expect(tags.results.map((t) => t.tag)).toEqual(["fps"]);
  });
});
