import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chargeFor } from "~/features/currency/charge.server";
import { GIG_COPY } from "~/features/gigs/copy";
import { type CurrencyCode, MAX_AMOUNT_MINOR, priceIn, RATE_SCALE } from "~/lib/money";
import { PRICE_BOUNDS_MINOR, PRICE_BOUNDS_RATE_LIMIT } from "~/lib/price-bounds";
import { getDb } from "~/platform/db.server";
import { createGame, createGig, createPlatform, createStreamer, setUsdInrRate } from "../factories";
import { request } from "./app";
import { streamerWithGame } from "./streamer-world";

/**
 * A price's bounds per currency have one source, PRICE_BOUNDS_MINOR (app/lib/price-bounds.ts): the schemas (page
 * forms and API), the use case and migration 0019's triggers. At each currency's min and max, and one minor unit
 * past each: inside is taken, outside is a 4xx with the field's message, never a 5xx.
 */
const RATE = 84_100_000;

/** "12345" minor units as the streamer types it: "123.45". */
function typed(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

const CASES = (["USD", "INR"] as const).flatMap((currency) => {
  const { min, max } = PRICE_BOUNDS_MINOR[currency];
  const minMessage = currency === "INR" ? GIG_COPY.priceMinInr : GIG_COPY.priceMinUsd;
  const maxMessage = currency === "INR" ? GIG_COPY.priceMaxInr : GIG_COPY.priceMaxUsd;
  return [
    { currency, minor: min - 1, message: minMessage },
    { currency, minor: min, message: null },
    { currency, minor: max, message: null },
    { currency, minor: max + 1, message: maxMessage },
  ];
});

async function streamer(currency: CurrencyCode) {
  await setUsdInrRate(env.DB, RATE);
  const world = await streamerWithGame({ country: currency === "INR" ? "IN" : "US" });
  const choice = {
    _game_id: world.game.id,
    _game_mode_id: world.game.modeId,
    _platform_playing_on_id: world.platformId,
  };
  return { ...world, choice };
}

function postJson(path: string, cookie: string, body: unknown) {
  return request(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { Cookie: cookie, "Content-Type": "application/json" },
  });
}

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

async function storedListPrice(table: "products" | "live_sessions", streamerId: string) {
  const row = await env.DB.prepare(
    `SELECT list_price_minor AS minor, base_currency AS currency FROM ${table} WHERE influencer_id = ? ORDER BY created_at DESC LIMIT 1`,
  )
    .bind(streamerId)
    .first<{ minor: number; currency: string }>();
  return row;
}

describe("the bounds' numbers are one", () => {
  it("migration 0019's triggers use PRICE_BOUNDS_MINOR's numbers, for both tables and both currencies", () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0019_price_bounds"));
    expect(migration).toBeDefined();
    const triggers = (migration?.queries ?? []).filter((query) => /CREATE TRIGGER/i.test(query));
    expect(triggers).toHaveLength(4);
    for (const trigger of triggers) {
      const cases = [...trigger.matchAll(/CASE NEW\.base_currency WHEN 'INR' THEN (\d+) ELSE (\d+) END/g)].map(
        (match) => ({ INR: Number(match[1]), USD: Number(match[2]) }),
      );
      expect(cases, trigger).toEqual([
        { INR: PRICE_BOUNDS_MINOR.INR.min, USD: PRICE_BOUNDS_MINOR.USD.min },
        { INR: PRICE_BOUNDS_MINOR.INR.max, USD: PRICE_BOUNDS_MINOR.USD.max },
      ]);
    }
  });

  it("the messages name the bounds", () => {
    const units = (message: string) => Number(message.replace(/[^\d]/g, "")) * 100;
    expect(units(GIG_COPY.priceMinUsd)).toBe(PRICE_BOUNDS_MINOR.USD.min);
    expect(units(GIG_COPY.priceMinInr)).toBe(PRICE_BOUNDS_MINOR.INR.min);
    expect(units(GIG_COPY.priceMaxUsd)).toBe(PRICE_BOUNDS_MINOR.USD.max);
    expect(units(GIG_COPY.priceMaxInr)).toBe(PRICE_BOUNDS_MINOR.INR.max);
  });

  it("every price within the bounds fits an order in either currency, at any rate the app accepts up to the limit", () => {
    for (const rupees of [10, 84.1, PRICE_BOUNDS_RATE_LIMIT]) {
      const display = (code: CurrencyCode) => ({ code, usdInrMicros: rupees * RATE_SCALE, rateFetchedAt: null });
      for (const currency of ["USD", "INR"] as const) {
        for (const minor of [PRICE_BOUNDS_MINOR[currency].min, PRICE_BOUNDS_MINOR[currency].max]) {
          for (const viewer of ["USD", "INR"] as const) {
            const price = priceIn({ amountMinor: minor, currency }, display(viewer));
            expect(price.amountMinor, `${currency} ${minor} to ${viewer} at ${rupees}`).toBeLessThanOrEqual(
              MAX_AMOUNT_MINOR,
            );
          }
        }
      }
    }
  });

  it("past the rate limit, checkout refuses a price it cannot charge with a 4xx rather than a failed write", async () => {
    await setUsdInrRate(env.DB, (PRICE_BOUNDS_RATE_LIMIT + 1) * RATE_SCALE);
    const refusal = await chargeFor(
      getDb(env),
      { country: "IN" },
      { amountMinor: PRICE_BOUNDS_MINOR.USD.max, currency: "USD" },
    ).catch((error: { status?: number }) => error.status);
    expect(refusal).toBe(422);
  });

  it("the database refuses a price outside its currency's bounds, and takes both ends", async () => {
    const streamer = await createStreamer(env.DB);
    const platform = await createPlatform(env.DB, "pc");
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    for (const { currency, minor, message } of CASES) {
      const refusal = await createGig(env.DB, streamer.id, game, {
        listPriceMinor: minor,
        baseCurrency: currency,
        priceMinor: 500,
      }).then(
        () => null,
        (error: Error) => `${error.message} ${String(error.cause)}`,
      );
      if (message) expect(refusal).toMatch(/PRICE_BOUNDS_MINOR/);
      else expect(refusal).toBeNull();
    }
    // An update of the price is checked too; an update of anything else of an older row is not (raw SQL on purpose:
    // the database's trigger, not the use case, is under test).
    const gig = await createGig(env.DB, streamer.id, game, {
      listPriceMinor: 500,
      baseCurrency: "USD",
      priceMinor: 500,
    });
    await expect(
      env.DB.prepare("UPDATE products SET list_price_minor = ? WHERE id = ?")
        .bind(PRICE_BOUNDS_MINOR.USD.max + 1, gig.id)
        .run(),
    ).rejects.toThrow(/PRICE_BOUNDS_MINOR/);
    await expect(
      env.DB.prepare("UPDATE products SET base_currency = 'INR' WHERE id = ?").bind(gig.id).run(),
    ).rejects.toThrow(/PRICE_BOUNDS_MINOR/);
  });
});

describe.each(CASES)("a $currency price of $minor minor units", ({ currency, minor, message }) => {
  const price = typed(minor);

  it("through the gig API: add and update", async () => {
    const { cookie, choice, streamer: host } = await streamer(currency);
    const first = await postJson("/api/influencer/add/product", cookie, {
      ...choice,
      product_title: "At the bound",
      price: message ? typed(PRICE_BOUNDS_MINOR[currency].min) : price,
    });
    expect(first.status).toBe(200);
    const { product: gig } = (await first.json()) as { product: { _id: string } };
    const added = await postJson("/api/influencer/add/product", cookie, { ...choice, product_title: "Add", price });
    const updated = await postJson(`/api/influencer/update/product/${gig._id}`, cookie, {
      ...choice,
      product_title: "Update",
      price,
    });
    for (const response of [added, updated]) {
      if (message) {
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ success: false, message });
      } else {
        expect(response.status).toBe(200);
      }
    }
    if (!message) expect(await storedListPrice("products", host.id)).toEqual({ minor, currency });
  });

  it("through the gig page form, without JavaScript and with it", async () => {
    const { cookie, choice } = await streamer(currency);
    const fields = { ...choice, product_title: "Page form", price };
    const document = await request("/influencer/products/new", {
      method: "POST",
      body: form(fields),
      headers: { Cookie: cookie },
    });
    const script = await request("/influencer/products/new.data", {
      method: "POST",
      body: form(fields),
      headers: { Cookie: cookie },
    });
    if (message) {
      expect(document.status).toBe(400);
      expect(await document.text()).toContain(message);
      expect(script.status).toBe(400);
      expect(await script.text()).toContain(message);
    } else {
      expect(document.status).toBe(302);
      expect(script.status).toBeLessThan(400);
    }
  });

  it("as a VIP price: the go-live API and the go-live page's price step", async () => {
    const { cookie, choice, streamer: host } = await streamer(currency);
    const step = await request("/influencer/live/start", {
      method: "POST",
      body: form({ ...choice, price, intent: "next:price" }),
      headers: { Cookie: cookie },
    });
    if (message) {
      expect(step.status).toBe(400);
      expect(await step.text()).toContain(message);
    } else {
      expect(step.status).toBe(200);
    }
    const live = await postJson("/api/post/influencer/liveSession", cookie, { ...choice, title: "Live", price });
    if (message) {
      expect(live.status).toBe(400);
      expect(await live.json()).toMatchObject({ success: false, message });
    } else {
      expect(live.status).toBe(200);
      expect(await storedListPrice("live_sessions", host.id)).toEqual({ minor, currency });
    }
  });
});
