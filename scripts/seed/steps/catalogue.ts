import { RATE_SCALE } from "~/lib/money";
import { toUsdMinor } from "~/lib/money-math";
import type { Requirement } from "~db/schema";
import { GAMES, GENERIC_TAGS, PLATFORMS, type PlatformKey } from "../data/catalogue";
import { BANNERS } from "../data/pages";
import {
  BOOKABLE_DAYS,
  DAY,
  type GameRef,
  type GigRef,
  gigDescription,
  gigTitle,
  HISTORY_DAYS,
  HOUR,
  MINUTE,
  type Row,
  type SeedContext,
  type SlotRef,
  type StreamerRef,
  USD_TO_INR,
} from "../shared";
import type { SeedStreamersOut } from "./people";

/** The catalogue: games, modes and platforms, gigs, slots, and popularity scores. */

/** Seed: catalogue. */
export function seedCatalogue(ctx: SeedContext) {
  const { rnd, now, data, at, nextId } = ctx;
  const catalogueCreated = now - 420 * DAY;
  const platformIds = new Map<PlatformKey, string>();
  PLATFORMS.forEach((platform, index) => {
    const id = `plt_${platform.key.replaceAll("-", "_")}`;
    platformIds.set(platform.key, id);
    data.platforms.push({
      id,
      platformName: platform.name,
      platformIdName: platform.key,
      platformIcon: null,
      sortOrder: index,
      createdAt: at(catalogueCreated),
    });
  });

  const games: GameRef[] = GAMES.map((game, index) => {
    const id = `gam_${game.slug.replaceAll("-", "_")}`;
    data.games.push({
      id,
      name: game.name,
      slug: game.slug,
      description: game.description,
      crossplatform: game.crossplatform,
      showLanding: index < 8,
      imageUrl: null,
      imageFilename: null,
      gameLogo: null,
      primaryColor: game.colors[0],
      secondaryColor: game.colors[1],
      alternatColor: game.colors[2],
      popularity: game.weight * 100 + rnd.int(0, 99),
      createdAt: at(catalogueCreated + index * HOUR),
      updatedAt: at(catalogueCreated + index * HOUR),
    });
    const modes = game.modes.map((mode, modeIndex) => {
      const modeId = nextId.mode();
      data.gameModes.push({
        id: modeId,
        gameId: id,
        name: mode.name,
        durationMinutes: mode.duration,
        noOfPlayers: mode.players,
        sortOrder: modeIndex,
        createdAt: at(catalogueCreated + index * HOUR),
      });
      return { id: modeId, mode };
    });
    const ids = game.platforms.map((key) => {
      const platformId = platformIds.get(key);
      if (!platformId) throw new Error(`unknown platform ${key}`);
      data.gamePlatforms.push({ gameId: id, platformId });
      return platformId;
    });
    return { id, game, modes, platformIds: ids };
  });
  const gameBySlug = new Map(games.map((game) => [game.game.slug, game]));
  const gameWeights = games.map((game) => [game, game.game.weight] as const);

  data.banners.push(
    ...BANNERS.map((banner, index) => ({
      id: nextId.banner(),
      title: banner.title,
      description: banner.description,
      imageUrl: null,
      imageKey: null,
      linkUrl: index === 1 ? "/browse?filter=live" : "/browse",
      sortOrder: index,
      isActive: true,
      createdAt: at(catalogueCreated + index * DAY),
      updatedAt: at(catalogueCreated + index * DAY),
    })),
  );
  return { games, gameBySlug, gameWeights };
}
export type SeedCatalogueOut = ReturnType<typeof seedCatalogue>;

/** Seed: gigs. */
export function seedGigs(
  ctx: SeedContext,
  deps: Pick<SeedCatalogueOut, "gameBySlug" | "gameWeights"> &
    Pick<SeedStreamersOut, "demoStreamer" | "otherStreamers">,
) {
  const { rnd, now, gigCount, large, data, at, nextId } = ctx;
  const { demoStreamer, gameBySlug, gameWeights, otherStreamers } = deps;
  const gigs: GigRef[] = [];
  const demoGigCount = Math.min(5, gigCount);
  for (let i = 0; i < gigCount; i++) {
    const streamer =
      i < demoGigCount || otherStreamers.length === 0
        ? demoStreamer
        : (otherStreamers[(i - demoGigCount) % otherStreamers.length] as StreamerRef);
    const ownGame = streamer.gameSlugs.length > 0 && rnd.chance(0.85);
    const game = ownGame
      ? (gameBySlug.get(rnd.pick(streamer.gameSlugs)) ?? rnd.weighted(gameWeights))
      : rnd.weighted(gameWeights);
    const { id: modeId, mode } = rnd.pick(game.modes);
    const platformId = rnd.pick(game.platformIds);
    const createdAt = now - rnd.int(HISTORY_DAYS + 10, 200) * DAY - rnd.int(0, DAY - 1);
    const archived = streamer !== demoStreamer && rnd.chance(0.04);
    const title = gigTitle(rnd, game.game, mode);
    const description = gigDescription(rnd, game.game, mode);
    const requirements: Requirement[] = rnd
      .sample(game.game.requirements, rnd.int(1, Math.min(3, game.game.requirements.length)))
      .map((requirement) => ({ key: requirement.key, value: rnd.pick(requirement.values) }));
    if (rnd.chance(0.3)) requirements.push({ key: "Discord", value: "Join my server before the session starts" });
    // Prices as streamers set them, in their currency: dollars (some .49 / .99) or whole rupees.
    const baseCurrency = streamer.country === "IN" ? "INR" : "USD";
    const dollars = rnd.int(5, 60);
    const listPriceMinor =
      baseCurrency === "INR"
        ? rnd.pick([199, 299, 399, 499, 699, 999, 1499, 1999, 2999, 4999]) * 100
        : dollars === 60
          ? 6000
          : dollars * 100 + rnd.pick([0, 0, 0, 49, 99]);
    const priceMinor = toUsdMinor(listPriceMinor, baseCurrency, Math.round(USD_TO_INR * RATE_SCALE));
    const row: Row<"gigs"> = {
      id: nextId.gig(),
      streamerId: streamer.id,
      title,
      description,
      gameId: game.id,
      gameModeId: modeId,
      platformId,
      priceMinor,
      listPriceMinor,
      currency: "USD",
      baseCurrency,
      requirements,
      coverImageUrl: null,
      coverImageKey: null,
      archivedAt: archived ? at(now - rnd.int(1, 25) * DAY) : null,
      popularity: 0,
      bookingCount: 0,
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
    };
    data.gigs.push(row);
    const tags = new Set(rnd.sample(game.game.tags, rnd.int(1, large ? 2 : 3)));
    if (rnd.chance(large ? 0.3 : 0.6)) tags.add(rnd.pick(GENERIC_TAGS));
    for (const tag of tags) data.gigTags.push({ gigId: row.id, tag });
    const gig: GigRef = { row, streamer, game, mode, modeId, platformId };
    gigs.push(gig);
    streamer.gigs.push(gig);
  }
  return { gigs };
}
export type SeedGigsOut = ReturnType<typeof seedGigs>;

/** Seed: slots. */
export function seedSlots(ctx: SeedContext, deps: Pick<SeedStreamersOut, "demoStreamer"> & Pick<SeedGigsOut, "gigs">) {
  const { rnd, now, large, data, at, nextId } = ctx;
  const { demoStreamer, gigs } = deps;
  const upcomingSlots: SlotRef[] = [];
  const pastSlots: SlotRef[] = [];
  /** Places a slot on a free hour of the influencer's calendar; day is relative to now. */
  const placeSlot = (gig: GigRef, dayMin: number, dayMax: number): SlotRef | null => {
    const hours = Math.ceil(gig.mode.duration / 60);
    for (let attempt = 0; attempt < 8; attempt++) {
      const day = rnd.int(dayMin, dayMax);
      const hour = rnd.int(10, 23 - (hours - 1));
      const start = now + day * DAY + hour * HOUR + rnd.pick([0, 0, 30]) * MINUTE;
      const firstHour = Math.floor(start / HOUR);
      const lastHour = Math.floor((start + gig.mode.duration * MINUTE - 1) / HOUR);
      let free = true;
      for (let h = firstHour; h <= lastHour; h++) if (gig.streamer.occupied.has(h)) free = false;
      if (!free) continue;
      for (let h = firstHour; h <= lastHour; h++) gig.streamer.occupied.add(h);
      const end = start + gig.mode.duration * MINUTE;
      const created = Math.min(start - DAY, now - rnd.int(1, 10) * DAY);
      const row: Row<"slots"> = {
        id: nextId.slot(),
        streamerId: gig.streamer.id,
        gigId: gig.row.id,
        startsAt: at(start),
        endsAt: at(end),
        seats: gig.mode.players,
        status: "open",
        createdAt: at(Math.max(created, gig.row.createdAt?.getTime() ?? created)),
        updatedAt: at(Math.max(created, gig.row.createdAt?.getTime() ?? created)),
      };
      data.slots.push(row);
      return { row, gig, start, end, free: gig.mode.players, buyers: new Set<string>() };
    }
    return null;
  };
  for (const gig of gigs) {
    const isDemo = gig.streamer === demoStreamer;
    if (!gig.row.archivedAt) {
      const upcoming = isDemo ? rnd.int(6, 8) : large ? (rnd.chance(0.15) ? 2 : 1) : rnd.int(3, 5);
      for (let n = 0; n < upcoming; n++) {
        const slot = placeSlot(gig, 0, BOOKABLE_DAYS - 1);
        if (slot) upcomingSlots.push(slot);
      }
    }
    const past = isDemo ? rnd.int(3, 4) : large ? (rnd.chance(0.2) ? 1 : 0) : rnd.int(0, 2);
    for (let n = 0; n < past; n++) {
      const slot = placeSlot(gig, -HISTORY_DAYS, -1);
      if (slot) pastSlots.push(slot);
    }
  }
  return { upcomingSlots, pastSlots };
}
export type SeedSlotsOut = ReturnType<typeof seedSlots>;

/** Seed: popularity scores. */
export function seedPopularity(ctx: SeedContext, deps: Pick<SeedGigsOut, "gigs">) {
  const { rnd, data } = ctx;
  const { gigs } = deps;
  const streamerScore = new Map<string, number>();
  for (const gig of gigs) {
    gig.row.popularity = (gig.row.bookingCount ?? 0) * 10 + rnd.int(0, 50);
    streamerScore.set(gig.streamer.id, (streamerScore.get(gig.streamer.id) ?? 0) + (gig.row.popularity ?? 0));
  }
  for (const favourite of data.favouriteStars)
    streamerScore.set(favourite.streamerId, (streamerScore.get(favourite.streamerId) ?? 0) + 25);
  for (const profile of data.streamerProfiles) profile.popularity = streamerScore.get(profile.userId) ?? 0;
}
