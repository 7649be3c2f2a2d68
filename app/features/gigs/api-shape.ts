import type { OwnGig } from "./gigs.server";

/** A streamer's own gig in docs/domain.md's field names; the price exactly as set, in the streamer's currency. */
export function ownGigJson(gig: OwnGig) {
  return {
    _id: gig.id,
    _influencer_id: gig.streamerId,
    product_title: gig.title,
    product_desc: gig.description,
    _game_id: gig.gameId,
    _game_mode_id: gig.gameModeId,
    _platform_playing_on_id: gig.platformId,
    price: gig.listPriceMinor,
    currency: gig.baseCurrency,
    baseCurrency: gig.baseCurrency,
    session_tags: gig.tags.map((name) => ({ name })),
    requirements: gig.requirements,
    product_cover_img: gig.coverImageUrl,
    isArchived: !!gig.archivedAt,
    archivedAt: gig.archivedAt ? gig.archivedAt.toISOString() : null,
    createdAt: gig.createdAt.toISOString(),
    game: { _id: gig.gameId, name: gig.gameName },
    mode: { _id: gig.gameModeId, name: gig.modeName },
    platform: { _id: gig.platformId, platform_name: gig.platformName },
  };
}
