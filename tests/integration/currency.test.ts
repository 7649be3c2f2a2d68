import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getUsdInrRate, refreshUsdInrRate } from "~/features/currency/rates.server";
import { RATE_SCALE } from "~/lib/money";
import { STAND_IN_USD_INR } from "~/platform/stand-ins/exchange-rates";
import { RATE_SCALE as SCHEMA_RATE_SCALE } from "~db/schema";
import worker from "~workers/app";
import { createCatalogueWorld } from "../catalogue-world";
import { clearExchangeRates, setUsdInrRate } from "../factories";
import { readPage } from "../support/page";
import { request } from "./app";

const DAY = 86_400_000;

/** The configured services, with some of them replaced (a setting, as in production). */
function withServices(primary: string, fallback: string): Env {
  return { ...env, EXCHANGE_RATES_URL: primary, EXCHANGE_RATES_FALLBACK_URL: fallback } as unknown as Env;
}
const DOWN = "/dev/exchange-rates/unavailable";
const PRIMARY = "/dev/exchange-rates/v6/latest/USD";
const FALLBACK = "/dev/exchange-rates/currency-api/v1/currencies/usd.json";

async function clearRate() {
  await clearExchangeRates(env.DB);
}

describe("the exchange-rate stand-in", () => {
  it("speaks both protocols, and can be down", async () => {
    const primary = await request(`${PRIMARY}?rate=83.5`);
    expect(await primary.json()).toMatchObject({ result: "success", base_code: "USD", rates: { INR: 83.5 } });
    const fallback = await request(FALLBACK);
    expect(await fallback.json()).toMatchObject({ usd: { inr: STAND_IN_USD_INR } });
    expect((await request(DOWN)).status).toBe(503);
  });
});

describe("refreshing the USD -> INR rate", () => {
  it("stores the primary service's rate, due at its next-update time", async () => {
    await clearRate();
    const now = new Date();
    const outcome = await refreshUsdInrRate(env, { now });
    expect(outcome).toMatchObject({ status: "updated", source: "open-er-api", rateMicros: 84_250_000 });
    const stored = await getUsdInrRate(env);
    expect(stored?.rateMicros).toBe(84_250_000);
    expect(stored?.nextUpdateAt.getTime()).toBeGreaterThan(now.getTime() + DAY - 2000);
    // Not due yet: nothing is fetched.
    expect((await refreshUsdInrRate(withServices(DOWN, DOWN), { now })).status).toBe("fresh");
  });

  it("falls back to the second service when the first fails", async () => {
    await setUsdInrRate(env.DB, 80_000_000, new Date(Date.now() - 1000));
    const outcome = await refreshUsdInrRate(withServices(DOWN, `${FALLBACK}?rate=85.125`));
    expect(outcome).toMatchObject({ status: "updated", source: "currency-api", rateMicros: 85_125_000 });
    // The fallback gives no next-update time: 24 hours later.
    const stored = await getUsdInrRate(env);
    expect(stored?.nextUpdateAt.getTime()).toBeGreaterThan(Date.now() + DAY - 60_000);
  });

  it("keeps the last good rate when both services fail, and prices stay in ₹ with it", async () => {
    await setUsdInrRate(env.DB, 80_000_000, new Date(Date.now() - 1000));
    const outcome = await refreshUsdInrRate(withServices(DOWN, `${PRIMARY}-nope`));
    expect(outcome.status).toBe("kept");
    expect(outcome.status === "kept" ? outcome.errors : []).toHaveLength(2);
    expect((await getUsdInrRate(env))?.rateMicros).toBe(80_000_000);

    const world = await createCatalogueWorld(env.DB);
    const response = await request(`/gig/${world.gigs.gig2.id}`, { cf: { country: "IN" } } as RequestInit);
    // 25.00 USD * 80 = 2,000 INR: the last good rate.
    expect((await readPage(response)).text()).toContain("₹2,000");
  });

  it("rejects an implausible answer and uses the fallback", async () => {
    await setUsdInrRate(env.DB, 80_000_000, new Date(Date.now() - 1000));
    const outcome = await refreshUsdInrRate(withServices(`${PRIMARY}?rate=0.0001`, FALLBACK));
    expect(outcome).toMatchObject({ status: "updated", source: "currency-api", rateMicros: 84_250_000 });
  });

  it("runs from the Worker's scheduled handler (cron) when due, and keeps the rate when services fail", async () => {
    await setUsdInrRate(env.DB, 81_000_000, new Date(Date.now() - 1000));
    const failing = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.now(), cron: "*/30 * * * *" }),
      withServices(DOWN, DOWN),
      failing,
    );
    await waitOnExecutionContext(failing);
    expect((await getUsdInrRate(env))?.rateMicros).toBe(81_000_000);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/30 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await getUsdInrRate(env))?.rateMicros).toBe(84_250_000);
  });
});

describe("GET /api/v1/get-conversion-rate/usd-to-inr", () => {
  it("answers exchangeRate and timeNextUpdate from the stored rate", async () => {
    const next = new Date(Date.now() + DAY);
    await setUsdInrRate(env.DB, 84_123_456, next);
    const response = await request("/api/v1/get-conversion-rate/usd-to-inr");
    expect(await response.json()).toMatchObject({
      success: true,
      exchangeRate: 84.123456,
      exchangeRateMicros: 84_123_456,
      timeNextUpdate: next.toISOString(),
    });
  });

  it("answers 503 before any rate was ever stored", async () => {
    await clearRate();
    expect((await request("/api/v1/get-conversion-rate/usd-to-inr")).status).toBe(503);
  });

  it("uses one rate scale across the app and the schema", () => {
    expect(RATE_SCALE).toBe(SCHEMA_RATE_SCALE);
  });
});
