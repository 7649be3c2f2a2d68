import { AppError } from "~/lib/errors";
import { catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { getDb } from "~/platform/db.server";
import { type ExchangeRateProvider, exchangeRateProviders } from "~/platform/exchange-rates.server";
import { log } from "~/platform/log.server";
import { exchangeRates } from "~db/schema";
import { type StoredRate, usdInrRateQuery } from "./rate-query.server";

export type { StoredRate };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A next-update time further out than this is not trusted; 24 h later is used instead. */
const MAX_NEXT_UPDATE_MS = 7 * DAY_MS;

export async function getUsdInrRate(env: Env): Promise<StoredRate | null> {
  const [row] = await usdInrRateQuery(getDb(env));
  return row ?? null;
}

function isRateDue(rate: StoredRate | null, now: Date): boolean {
  return !rate || rate.rateMicros <= 0 || rate.nextUpdateAt.getTime() <= now.getTime();
}

export type RefreshOutcome =
  | { status: "fresh"; rate: StoredRate }
  | { status: "updated"; source: string; rateMicros: number; nextUpdateAt: Date }
  | { status: "kept"; rate: StoredRate | null; errors: string[] };

/**
 * Refreshes the USD -> INR rate when it is due (its next-update time has passed, or there is none):
 * asks each configured service in turn (primary, then fallback) and stores the first good answer, due
 * again at the service's next-update time or 24 h later. When every service fails, the last good rate
 * stays as it is, and the next run tries again.
 */
export async function refreshUsdInrRate(
  env: Env,
  options: { now?: Date; force?: boolean; providers?: ExchangeRateProvider[] } = {},
): Promise<RefreshOutcome> {
  const now = options.now ?? new Date();
  const current = await getUsdInrRate(env);
  if (current && !options.force && !isRateDue(current, now)) return { status: "fresh", rate: current };

  const errors: string[] = [];
  for (const provider of options.providers ?? exchangeRateProviders(env)) {
    try {
      const quote = await provider.usdToInr();
      const next = quote.nextUpdateAt?.getTime();
      const nextUpdateAt =
        next && next > now.getTime() && next - now.getTime() <= MAX_NEXT_UPDATE_MS
          ? new Date(next)
          : new Date(now.getTime() + DAY_MS);
      const db = getDb(env);
      // Prices in INR change with the rate: the cached catalogue pages go stale with it.
      await db.batch([
        db
          .insert(exchangeRates)
          .values({
            id: "usd-inr",
            base: "USD",
            quote: "INR",
            rateMicros: quote.rateMicros,
            fetchedAt: now,
            nextUpdateAt,
            source: provider.name,
          })
          .onConflictDoUpdate({
            target: [exchangeRates.base, exchangeRates.quote],
            set: { rateMicros: quote.rateMicros, fetchedAt: now, nextUpdateAt, source: provider.name },
          }),
        catalogueChangedStatement(db),
      ]);
      return { status: "updated", source: provider.name, rateMicros: quote.rateMicros, nextUpdateAt };
    } catch (error) {
      errors.push(`${provider.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  log.warn("exchange_rate.refresh_failed", { kept: "last good rate", errors });
  return { status: "kept", rate: current, errors };
}

/**
 * The rate to answer with now: the stored one, even when due (the last good rate), with a refresh started in
 * the background when it is due (the cron does the same). 503 AppError while there has never been one.
 */
export async function currentUsdInrRate(env: Env, waitUntil: (work: Promise<unknown>) => void): Promise<StoredRate> {
  const rate = await getUsdInrRate(env);
  if (isRateDue(rate, new Date())) {
    waitUntil(refreshUsdInrRate(env).catch((error: unknown) => log.error("exchange_rate.refresh_failed", { error })));
  }
  if (!rate) throw new AppError(503, "The exchange rate is not available yet. Please try again later.");
  return rate;
}
