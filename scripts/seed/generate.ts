/**
 * Deterministic demo and scale data.
 *
 * `generateSeed` is a pure function of its options: every random choice comes from the seeded
 * PRNG and every time from `options.now`, so the same options give byte-identical output.
 * (It is async only because password hashing uses WebCrypto.)
 *
 * Time layout, relative to `now` (the CLI passes today at 00:00 UTC):
 * - bookable slots start in [now, now + 30 days);
 * - history (completed sessions, their orders, validations, payouts, ended live sessions)
 *   lies in the previous 30 days, with top-ups and accounts older than that;
 * - a few live sessions started in the last two hours and are still open.
 *
 * The data respects docs/domain.md: seats booked (held or confirmed) never exceed a slot's seats;
 * a paid slot order has exactly one booking and a paid VIP order exactly one queue place; a
 * confirmed booking has a paid order; wallet balances never go below zero; an order sits in
 * at most one non-removed payout; at most one open live session per streamer.
 */

import { createSeedContext, type SeedOptions } from "./shared";
import { seedCatalogue, seedGigs, seedPopularity, seedSlots } from "./steps/catalogue";
import {
  seedContactAndAnalytics,
  seedContent,
  seedFavouritesAndNotifications,
  seedModeration,
} from "./steps/engagement";
import { seedLive } from "./steps/live";
import { seedOrders } from "./steps/orders";
import { seedPacks } from "./steps/packs";
import { seedPasses } from "./steps/passes";
import { seedPayouts } from "./steps/payouts";
import { seedDemoPasswords, seedDemoStaff, seedFans, seedStreamerProfiles, seedStreamers } from "./steps/people";
import { seedPromoCodes } from "./steps/promos";
import { seedReviews } from "./steps/reviews";
import type { SeedData } from "./tables";

export { BOOKABLE_DAYS, DEFAULT_FANS, DEFAULT_GIGS, DEFAULT_SEED, HISTORY_DAYS, type SeedOptions } from "./shared";
export type { SeedData } from "./tables";

/**
 * Runs the seeding steps (db/seed/steps/, one file per domain) in a fixed order: the PRNG is drawn from in
 * that order, so the order is part of the output. Each step gets the context and what earlier steps made.
 */
export async function generateSeed(options: SeedOptions): Promise<SeedData> {
  const ctx = createSeedContext(options);
  const demoPasswords = await seedDemoPasswords(ctx);
  const catalogue = seedCatalogue(ctx);
  const demoStaff = seedDemoStaff(ctx, { ...demoPasswords });
  const streamers = seedStreamers(ctx, { ...catalogue, ...demoStaff });
  const fans = seedFans(ctx, { ...demoStaff, ...streamers });
  const streamerProfiles = seedStreamerProfiles(ctx, { ...demoStaff, ...streamers });
  const promoCodes = seedPromoCodes(ctx, { ...demoStaff, ...streamers });
  const gigs = seedGigs(ctx, { ...catalogue, ...streamers });
  const slots = seedSlots(ctx, { ...streamers, ...gigs });
  const orders = seedOrders(ctx, { ...demoStaff, ...streamers, ...fans, ...promoCodes, ...slots });
  const live = seedLive(ctx, { ...streamers, ...fans, ...orders });
  seedPayouts(ctx, { ...demoStaff, ...streamers, ...streamerProfiles });
  const favouritesAndNotifications = seedFavouritesAndNotifications(ctx, {
    ...catalogue,
    ...streamers,
    ...fans,
    ...gigs,
    ...orders,
    ...live,
  });
  seedModeration(ctx, { ...demoStaff, ...streamers, ...fans, ...live });
  seedContactAndAnalytics(ctx, { ...fans, ...favouritesAndNotifications });
  seedContent(ctx, { ...demoStaff });
  seedPopularity(ctx, { ...gigs });
  // Last: it draws from the PRNG after every other step, so adding it changed nothing above.
  seedReviews(ctx, { ...orders, ...fans });
  // Draws nothing from the PRNG: the demo accounts' session pack.
  seedPacks(ctx, { ...streamers, ...fans });
  // Nor this: the demo accounts' VIP pass.
  seedPasses(ctx, { ...streamers, ...fans });
  return ctx.data;
}
