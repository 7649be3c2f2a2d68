import type { ReactNode } from "react";
import { Link } from "react-router";
import { GameCard, GigCard, LiveCard, SessionRow, StreamerCard, Thumb } from "~/features/catalogue";
import {
  catalogueRequest,
  gameCardData,
  getLanding,
  gigCardData,
  liveCardData,
  sessionRowData,
  streamerCardData,
} from "~/features/catalogue/index.server";
import { displayCurrency } from "~/features/currency";
import type { Route } from "./+types/home";

/** The landing page: one D1 round trip for its sections (getLanding), plus the viewer's session lookup. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const req = await catalogueRequest(request, context);
  const landing = await getLanding(req.db, req.viewer?.id ?? null);
  return {
    ...landing,
    games: landing.games.map(gameCardData),
    gigs: landing.gigs.map(gigCardData),
    streamers: landing.streamers.map(streamerCardData),
    live: landing.live.map(liveCardData),
    upcoming: landing.upcoming.map(sessionRowData),
    yourUpcoming: landing.yourUpcoming?.map(sessionRowData) ?? null,
    display: displayCurrency(req.currencyCode, landing.usdInrRateMicros, landing.usdInrFetchedAt),
  };
}

/** A see-all click, reported after navigation starts (docs/domain.md's tracking); never delays the link. */
const seeAllEvent = (section: string) =>
  new Blob([JSON.stringify({ name: "see_all_click", section })], { type: "application/json" });

function Section({ id, title, to, children }: { id: string; title: string; to?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-4 flex items-end justify-between">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {to ? (
          <Link
            to={to}
            className="text-sm text-brand-400 hover:text-brand-50"
            onClick={() => navigator.sendBeacon?.("/api/track", seeAllEvent(id))}
          >
            See all
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banners, games, gigs, streamers, live, upcoming, yourUpcoming, display } = loaderData;
  const hero = banners[0];
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-14 px-4 py-10">
      <section aria-labelledby="hero-title" className="grid items-center gap-8 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Play with the creators you watch.
          </h1>
          <p className="mt-4 max-w-xl text-lg text-zinc-400">
            Book a seat in a streamer's session, or jump into their live queue. Pick a game, pick a slot, and squad up.
          </p>
          <div className="mt-8 flex gap-3">
            <Link to="/browse" className="rounded-lg bg-brand-600 px-5 py-3 font-semibold hover:bg-brand-500">
              Browse gigs
            </Link>
            <Link to="/browse?filter=live" className="rounded-lg border border-ink-700 px-5 py-3 hover:bg-ink-800">
              Live now
            </Link>
          </div>
        </div>
        {hero ? (
          <div className="relative overflow-hidden rounded-2xl border border-ink-700 bg-ink-900">
            {hero.imageUrl ? (
              // Above the fold, often the largest thing on the page: fetched early, never lazily.
              <Thumb
                url={hero.imageUrl}
                label={hero.title}
                className="aspect-video w-full"
                width={1280}
                height={720}
                priority
              />
            ) : null}
            <div className="p-5">
              <p className="text-lg font-semibold">
                {hero.linkUrl?.startsWith("/") ? (
                  <Link to={hero.linkUrl} className="hover:text-brand-400">
                    {hero.title}
                  </Link>
                ) : (
                  hero.title
                )}
              </p>
              <p className="mt-1 text-sm text-zinc-400">{hero.description}</p>
            </div>
          </div>
        ) : null}
      </section>

      {yourUpcoming && yourUpcoming.length > 0 ? (
        <Section id="your-sessions-title" title="Your upcoming sessions">
          <ul className="grid gap-2 md:grid-cols-2">
            {yourUpcoming.map((session) => (
              <SessionRow key={session.id} session={session} showStar />
            ))}
          </ul>
        </Section>
      ) : null}

      {live.length > 0 ? (
        <Section id="live-title" title="Live now" to="/browse?filter=live">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {live.map((session) => (
              <li key={session.id}>
                <LiveCard live={session} display={display} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {games.length > 0 ? (
        <Section id="games-title" title="Games" to="/browse?filter=games">
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {games.map((game) => (
              <li key={game.id}>
                <GameCard game={game} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {streamers.length > 0 ? (
        <Section id="stars-title" title="Most popular stars" to="/browse?filter=creators&sortBy=popularity">
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {streamers.map((streamer) => (
              <li key={streamer.id}>
                <StreamerCard streamer={streamer} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section id="gigs-title" title="Most popular gigs" to="/browse?sortBy=popularity">
        {gigs.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {gigs.map((gig) => (
              <li key={gig.id}>
                <GigCard gig={gig} display={display} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-zinc-400">No gigs yet.</p>
        )}
      </Section>

      {upcoming.length > 0 ? (
        <Section id="upcoming-title" title="Upcoming sessions">
          <ul className="grid gap-2 md:grid-cols-2">
            {upcoming.map((session) => (
              <SessionRow key={session.id} session={session} showStar />
            ))}
          </ul>
        </Section>
      ) : null}
    </main>
  );
}
