import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GIG_COPY } from "~/features/gigs/copy";
import { MAX_AMOUNT_MINOR } from "~/lib/money";
import { createGame, createGig, createPlatform, createStreamer, createUser } from "../factories";
import { request } from "./app";
import { streamerWithGame } from "./streamer-world";

const HUGE = "999999999999999999";

async function postJson(path: string, cookie: string, body: unknown) {
  return request(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { Cookie: cookie, "Content-Type": "application/json", Origin: "http://localhost" },
  });
}

describe("every amount has an upper bound", () => {
  it("a gig or live price above the bound is a 4xx with a clear message, and nothing is stored", async () => {
    const { cookie, game, platformId, streamer } = await streamerWithGame();
    const choice = { _game_id: game.id, _game_mode_id: game.modeId, _platform_playing_on_id: platformId };
    for (const price of [HUGE, "10000.01", "1e20"]) {
      const gig = await postJson("/api/influencer/add/product", cookie, {
        ...choice,
        product_title: "Too dear",
        price,
      });
      expect(gig.status).toBeGreaterThanOrEqual(400);
      expect(gig.status).toBeLessThan(500);
    }
    const refused = await postJson("/api/influencer/add/product", cookie, {
      ...choice,
      product_title: "x",
      price: HUGE,
    });
    expect(((await refused.json()) as { message: string }).message).toBe(GIG_COPY.priceMaxUsd);
    const live = await postJson("/api/post/influencer/liveSession", cookie, {
      ...choice,
      title: "Priceless",
      price: HUGE,
    });
    expect(live.status).toBe(400);
    expect(((await live.json()) as { message: string }).message).toBe(GIG_COPY.priceMaxUsd);
    const stored = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM products WHERE influencer_id = ?1) + (SELECT count(*) FROM live_sessions WHERE influencer_id = ?1) AS n",
    )
      .bind(streamer.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
    // The highest allowed price is taken (app/lib/price-bounds.ts; tests/integration/price-bounds.test.ts has each bound).
    expect(
      (await postJson("/api/influencer/add/product", cookie, { ...choice, product_title: "Dear", price: "1000" }))
        .status,
    ).toBe(200);
  });

  it("the database refuses a stored amount above the bound whatever writes it", async () => {
    const streamer = await createStreamer(env.DB);
    const platform = await createPlatform(env.DB, "pc");
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    const refusal = await createGig(env.DB, streamer.id, game, {
      priceMinor: MAX_AMOUNT_MINOR + 1,
      listPriceMinor: 500,
    }).then(
      () => null,
      (error: Error) => `${error.message} ${String(error.cause)}`,
    );
    expect(refusal).toMatch(/MAX_AMOUNT_MINOR/);
    const gig = await createGig(env.DB, streamer.id, game, { priceMinor: MAX_AMOUNT_MINOR, listPriceMinor: 500 });
    // Raw SQL on purpose: the database's own trigger must refuse an update past the bound too.
    await expect(
      env.DB.prepare("UPDATE products SET price_minor = ? WHERE id = ?")
        .bind(MAX_AMOUNT_MINOR + 1, gig.id)
        .run(),
    ).rejects.toThrow(/MAX_AMOUNT_MINOR/);
    const fan = await createUser(env.DB);
    // Raw SQL on purpose: the database's own trigger must refuse it, whatever the code does.
    await expect(
      env.DB.prepare(
        "INSERT INTO wallet_entries (id, user_id, amount_minor, currency, kind, note, created_at) VALUES ('w1', ?, ?, 'USD', 'adjustment', 'x', 0)",
      )
        .bind(fan.id, -(MAX_AMOUNT_MINOR + 1))
        .run(),
    ).rejects.toThrow(/MAX_AMOUNT_MINOR/);
  });
});
