import { type CurrencyCode, type DisplayCurrency, formatMoney, priceIn } from "~/lib/money";
import type { GameCard, GigCard, LiveCard, Page, StreamerCard } from "./browse.server";
import type { SessionCard } from "./sessions.server";

/**
 * The JSON of the catalogue API, in docs/domain.md's field names (`_id`, `product_title`, `_game_id`, ...), whatever
 * the columns are called. `price` and `currency` are the price exactly as its streamer set it (the streamer's
 * currency, also `baseCurrency`), and `displayPrice` is the price the viewer sees and would be charged, in the
 * viewer's currency (app/lib/money.ts `priceIn`), as minor units and as the site formats it.
 */
const iso = (date: Date | null) => (date ? date.toISOString() : null);

function displayPriceJson(listMinor: number, listCurrency: CurrencyCode, display: DisplayCurrency) {
  const price = priceIn({ amountMinor: listMinor, currency: listCurrency }, display);
  return {
    currency: price.currency,
    amount: price.amountMinor,
    formatted: formatMoney(price),
    converted: price.converted,
  };
}

export function gigJson(gig: GigCard, display: DisplayCurrency) {
  return {
    _id: gig.id,
    product_title: gig.title,
    product_desc: gig.description,
    _game_id: gig.gameId,
    _game_mode_id: gig.gameModeId,
    _platform_playing_on_id: gig.platformId,
    price: gig.listPriceMinor,
    currency: gig.baseCurrency,
    displayPrice: displayPriceJson(gig.listPriceMinor, gig.baseCurrency, display),
    baseCurrency: gig.baseCurrency,
    session_tags: gig.tags.map((name) => ({ name })),
    requirements: gig.requirements,
    product_cover_img: gig.coverImageUrl,
    popularity: gig.popularity,
    createdAt: iso(gig.createdAt),
    game: { _id: gig.gameId, name: gig.gameName },
    influencer: {
      _id: gig.streamerId,
      username: gig.streamerUsername,
      fullName: gig.streamerName || gig.streamerUsername,
      isLive: !!gig.streamerLiveSessionId,
      _live_session_id: gig.streamerLiveSessionId,
      images: { url: gig.streamerPictureUrl },
    },
    isFavorite: gig.isFavourite,
  };
}

export function streamerJson(streamer: StreamerCard) {
  return {
    _id: streamer.id,
    username: streamer.username,
    fullName: streamer.fullName || streamer.username,
    bio: streamer.bio,
    profession: streamer.profession,
    country: streamer.country,
    isInfluencer: true,
    isLive: !!streamer.liveSessionId,
    _live_session_id: streamer.liveSessionId,
    images: { url: streamer.pictureUrl },
    socialLinks: streamer.socialLinks,
    popularity: streamer.popularity,
    isFavorite: streamer.isFavourite,
  };
}

export function gameJson(
  game: GameCard,
  extra: {
    modes?: { id: string; name: string; durationMinutes: number; noOfPlayers: number }[];
    platforms?: { id: string; name: string }[];
  } = {},
) {
  return {
    _id: game.id,
    name: game.name,
    desc: game.description,
    crossplatform: game.crossplatform,
    showLanding: game.showLanding,
    image: { url: game.imageUrl, filename: game.imageFilename },
    gameLogo: game.gameLogo,
    primaryColor: game.primaryColor,
    secondaryColor: game.secondaryColor,
    alternatColor: game.alternatColor,
    popularity: game.popularity,
    ...(extra.modes ? { modes: extra.modes.map(modeJson) } : {}),
    ...(extra.platforms
      ? { platforms_available: extra.platforms.map((platform) => ({ _id: platform.id, platform_name: platform.name })) }
      : {}),
    isFavorite: game.isFavourite,
  };
}

export function modeJson(mode: { id: string; name: string; durationMinutes: number; noOfPlayers: number }) {
  return { _id: mode.id, name: mode.name, duration: mode.durationMinutes, no_of_players: mode.noOfPlayers };
}

export function liveJson(live: LiveCard, display: DisplayCurrency) {
  return {
    _id: live.id,
    title: live.title,
    description: live.description,
    _game_id: live.gameId,
    _game_mode_id: live.gameModeId,
    _platform_playing_on_id: live.platformId,
    price: live.listPriceMinor,
    currency: live.baseCurrency,
    displayPrice: displayPriceJson(live.listPriceMinor, live.baseCurrency, display),
    baseCurrency: live.baseCurrency,
    isStreaming: live.isStreaming,
    streamingLink: live.streamingLink,
    requirements: live.requirements,
    session_tags: live.tags.map((name) => ({ name })),
    banner: live.bannerUrl,
    defaultThumbnail: live.thumbnailUrl,
    startedAt: iso(live.startedAt),
    game: { _id: live.gameId, name: live.gameName },
    influencer: {
      _id: live.streamerId,
      username: live.streamerUsername,
      fullName: live.streamerName || live.streamerUsername,
      images: { url: live.streamerPictureUrl },
      isFavorite: live.isFavouriteStar,
    },
  };
}

export function sessionJson(session: SessionCard, display: DisplayCurrency) {
  return {
    _id: session.id,
    startTime: iso(session.startsAt),
    endTime: iso(session.endsAt),
    seats: session.seats,
    seatsAvailable: session.seatsLeft,
    product: session.gigId
      ? {
          _id: session.gigId,
          product_title: session.gigTitle,
          price: session.listPriceMinor,
          currency: session.baseCurrency,
          displayPrice:
            session.listPriceMinor === null || session.baseCurrency === null
              ? null
              : displayPriceJson(session.listPriceMinor, session.baseCurrency, display),
        }
      : null,
    game: session.gameName ? { name: session.gameName } : null,
    influencer: {
      _id: session.streamerId,
      fullName: session.streamerName || session.streamerUsername,
      username: session.streamerUsername,
    },
  };
}

/** A page of a list: `data` plus where it is (docs/domain.md's page and limit), and whether more follow. */
export function pageJson<T, U>(page: Page<T>, map: (item: T) => U, total?: number) {
  return {
    success: true,
    data: page.items.map(map),
    page: page.page,
    limit: page.limit,
    hasMore: page.hasMore,
    ...(total === undefined ? {} : { total, totalPages: Math.ceil(total / page.limit) }),
  };
}
