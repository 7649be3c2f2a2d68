import { Link } from "react-router";
import { FavouriteButton } from "~/features/favourites";
import { RatingSummary } from "~/features/reviews";
import { SeatsLeft } from "~/features/seats";
import { formatDateTime, useViewerZone } from "~/features/time";
import { type CurrencyCode, type DisplayCurrency, formatPrice } from "~/lib/money";
import { LiveBadge, Thumb } from "./card-parts";

// The parts a page may use without the cards (the gig page: its cover, the LIVE badge, seats left).

/**
 * Cards of the catalogue: gigs, stars, games, live sessions and sessions (slots). A card is an <article>
 * whose title link covers it; the favourite button sits above that link (a form cannot live inside a link).
 * Loader data arrives serialised, so dates may be strings: `new Date(...)` accepts both.
 */
type Dateish = Date | string;

const cardClass =
  "group relative flex h-full flex-col overflow-hidden rounded-xl border border-ink-700 bg-ink-900 transition hover:border-brand-500";
const coverLink = "after:absolute after:inset-0 after:content-[''] focus:outline-none";

export type GigCardData = {
  id: string;
  /** The gig's page (built on the server, card-data.server.ts). */
  href: string;
  title: string;
  /** The price as its streamer set it, in their currency (shown through formatPrice). */
  listPriceMinor: number;
  baseCurrency: CurrencyCode;
  coverImageUrl: string | null;
  gameName: string;
  streamerId: string;
  streamerName: string;
  streamerUsername: string;
  streamerLiveSessionId: string | null;
  tags: string[];
  isFavourite: boolean;
  /** Its visible reviews: how many and the sum of their stars. */
  ratingCount: number;
  ratingTotal: number;
};

export function GigCard({ gig, display }: { gig: GigCardData; display: DisplayCurrency }) {
  const streamer = gig.streamerName || gig.streamerUsername;
  return (
    <article className={cardClass} data-testid="gig-card">
      <Thumb url={gig.coverImageUrl} label={gig.gameName} className="aspect-video w-full" width={640} height={360} />
      <div className="absolute top-2 right-2">
        <FavouriteButton kind="gig" id={gig.id} name={gig.title} isFavourite={gig.isFavourite} />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <p className="flex items-center gap-2 text-xs uppercase tracking-wide text-brand-400">
          {gig.gameName}
          {gig.streamerLiveSessionId ? <LiveBadge /> : null}
        </p>
        <h3 className="mt-1 flex-1 font-semibold">
          <Link to={gig.href} className={coverLink}>
            {gig.title}
          </Link>
        </h3>
        {gig.tags.length > 0 ? (
          <p className="mt-2 flex flex-wrap gap-1 text-xs text-zinc-400">
            {gig.tags.map((tag) => (
              <span key={tag} className="rounded bg-ink-800 px-1.5 py-0.5">
                #{tag}
              </span>
            ))}
          </p>
        ) : null}
        <RatingSummary total={gig.ratingTotal} count={gig.ratingCount} className="mt-2 text-sm" />
        <p className="mt-3 flex items-center justify-between text-sm text-zinc-400">
          <span>{streamer}</span>
          <span className="font-semibold text-zinc-100" data-testid="price">
            {formatPrice({ amountMinor: gig.listPriceMinor, currency: gig.baseCurrency }, display)}
          </span>
        </p>
      </div>
    </article>
  );
}

export type StreamerCardData = {
  id: string;
  /** The streamer's page. */
  href: string;
  username: string;
  fullName: string;
  pictureUrl: string | null;
  country: string | null;
  liveSessionId: string | null;
  profession: string;
  isFavourite: boolean;
};

export function StreamerCard({ streamer }: { streamer: StreamerCardData }) {
  const name = streamer.fullName || streamer.username;
  return (
    <article className={`${cardClass} items-center p-5 text-center`} data-testid="star-card">
      <div className="absolute top-2 right-2">
        <FavouriteButton kind="star" id={streamer.id} name={name} isFavourite={streamer.isFavourite} />
      </div>
      <Thumb url={streamer.pictureUrl} label={name} className="h-20 w-20 rounded-full" width={80} height={80} />
      <h3 className="mt-3 font-semibold">
        <Link to={streamer.href} className={coverLink}>
          {name}
        </Link>
      </h3>
      <p className="text-sm text-zinc-400">@{streamer.username}</p>
      <p className="mt-2 flex items-center gap-2 text-xs text-zinc-400">
        {streamer.profession}
        {streamer.country ? <span>· {streamer.country}</span> : null}
        {streamer.liveSessionId ? <LiveBadge /> : null}
      </p>
    </article>
  );
}

export type GameCardData = {
  id: string;
  /** The game's page. */
  href: string;
  name: string;
  imageUrl: string | null;
  primaryColor: string | null;
  isFavourite: boolean;
};

export function GameCard({ game }: { game: GameCardData }) {
  return (
    <article className={cardClass} data-testid="game-card">
      <div className="absolute top-2 right-2">
        <FavouriteButton kind="game" id={game.id} name={game.name} isFavourite={game.isFavourite} />
      </div>
      <Thumb
        url={game.imageUrl}
        label={game.name}
        color={game.primaryColor}
        className="aspect-[3/4] w-full"
        width={300}
        height={400}
      />
      <h3 className="p-3 font-semibold">
        <Link to={game.href} className={coverLink}>
          {game.name}
        </Link>
      </h3>
    </article>
  );
}

export type LiveCardData = {
  id: string;
  /** The live session's page. */
  href: string;
  title: string;
  /** The price as its streamer set it, in their currency (shown through formatPrice). */
  listPriceMinor: number;
  baseCurrency: CurrencyCode;
  thumbnailUrl: string | null;
  gameName: string;
  streamerId: string;
  streamerName: string;
  streamerUsername: string;
  tags: string[];
};

export function LiveCard({ live, display }: { live: LiveCardData; display: DisplayCurrency }) {
  return (
    <article className={cardClass} data-testid="live-card">
      <Thumb url={live.thumbnailUrl} label={live.gameName} className="aspect-video w-full" width={640} height={360} />
      <div className="flex flex-1 flex-col p-4">
        <p className="flex items-center gap-2 text-xs uppercase tracking-wide text-brand-400">
          <LiveBadge /> {live.gameName}
        </p>
        <h3 className="mt-1 flex-1 font-semibold">
          <Link to={live.href} className={coverLink}>
            {live.title}
          </Link>
        </h3>
        <p className="mt-3 flex items-center justify-between text-sm text-zinc-400">
          <span>{live.streamerName || live.streamerUsername}</span>
          <span>
            VIP{" "}
            <span className="font-semibold text-zinc-100">
              {formatPrice({ amountMinor: live.listPriceMinor, currency: live.baseCurrency }, display)}
            </span>
          </span>
        </p>
      </div>
    </article>
  );
}

export type SessionData = {
  id: string;
  startsAt: Dateish;
  endsAt: Dateish;
  seats: number;
  seatsLeft: number;
  gigId: string | null;
  gigTitle: string | null;
  gameName: string | null;
  streamerId: string;
  streamerName: string;
  streamerUsername: string;
  /** The gig's page (null for a session without a gig) and the streamer's. */
  gigHref: string | null;
  streamerHref: string;
};

/**
 * Times are stored in UTC and shown in the viewer's zone as the server resolved it (docs/decisions/019): the
 * same text on the server and after hydration.
 */
function SessionTime({ at }: { at: Dateish }) {
  const date = new Date(at);
  const zone = useViewerZone();
  return (
    <time dateTime={date.toISOString()} data-time-zone={zone}>
      {formatDateTime(date, zone)}
    </time>
  );
}

export function SessionRow({ session, showStar = false }: { session: SessionData; showStar?: boolean }) {
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-ink-700 bg-ink-900 px-4 py-3 text-sm"
      data-testid="session"
    >
      <div>
        <p className="font-medium">
          {session.gigHref ? (
            <Link to={session.gigHref} className="hover:text-brand-400">
              {session.gigTitle}
            </Link>
          ) : (
            "Session"
          )}
          {session.gameName ? <span className="text-zinc-400"> · {session.gameName}</span> : null}
        </p>
        <p className="text-zinc-400">
          <SessionTime at={session.startsAt} />
          {showStar ? (
            <>
              {" "}
              with{" "}
              <Link to={session.streamerHref} className="hover:text-brand-400">
                {session.streamerName || session.streamerUsername}
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <SeatsLeft left={session.seatsLeft} of={session.seats} />
    </li>
  );
}
