import { Link } from "react-router";
import { getLanding } from "~/features/catalogue/landing.server";
import { formatMoney } from "~/lib/money";
import { envOf } from "~/platform/http.server";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return getLanding(envOf(context));
}

function SectionTitle({ id, children, to }: { id: string; children: string; to?: string }) {
  return (
    <div className="mb-4 flex items-end justify-between">
      <h2 id={id} className="text-xl font-bold">
        {children}
      </h2>
      {to ? (
        <Link to={to} className="text-sm text-brand-400 hover:text-brand-50">
          See all
        </Link>
      ) : null}
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banners, games, gigs, live } = loaderData;
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
            {hero.imageUrl ? <img src={hero.imageUrl} alt="" className="aspect-video w-full object-cover" /> : null}
            <div className="p-5">
              <p className="text-lg font-semibold">{hero.title}</p>
              <p className="mt-1 text-sm text-zinc-400">{hero.description}</p>
            </div>
          </div>
        ) : null}
      </section>

      {live.length > 0 ? (
        <section aria-labelledby="live-title">
          <SectionTitle id="live-title" to="/browse?filter=live">
            Live now
          </SectionTitle>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {live.map((session) => (
              <li key={session.id}>
                <Link
                  to={`/live/${session.id}`}
                  className="block rounded-xl border border-ink-700 bg-ink-900 p-4 hover:border-brand-500"
                >
                  <span className="rounded bg-red-600 px-2 py-0.5 text-xs font-bold">LIVE</span>
                  <p className="mt-2 font-semibold">{session.title}</p>
                  <p className="text-sm text-zinc-400">
                    {session.starName} · {session.gameName}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="games-title">
        <SectionTitle id="games-title" to="/browse?filter=games">
          Games
        </SectionTitle>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {games.map((game) => (
            <li key={game.id}>
              <Link
                to={`/browse?selectedGame=${game.id}`}
                className="flex aspect-[3/4] items-end rounded-xl border border-ink-700 p-3 font-semibold hover:border-brand-500"
                style={{ background: `linear-gradient(160deg, ${game.primaryColor ?? "#2a2740"}, #13111d 75%)` }}
              >
                {game.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="gigs-title">
        <SectionTitle id="gigs-title" to="/browse">
          Most popular gigs
        </SectionTitle>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {gigs.map((gig) => (
            <li key={gig.id}>
              <Link
                to={`/gig/${gig.id}`}
                className="flex h-full flex-col rounded-xl border border-ink-700 bg-ink-900 p-4 hover:border-brand-500"
              >
                <p className="text-xs uppercase tracking-wide text-brand-400">{gig.gameName}</p>
                <p className="mt-1 flex-1 font-semibold">{gig.title}</p>
                <p className="mt-3 flex items-center justify-between text-sm text-zinc-400">
                  <span>{gig.starName}</span>
                  <span className="font-semibold text-zinc-100">{formatMoney(gig.priceMinor, gig.currency)}</span>
                </p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
