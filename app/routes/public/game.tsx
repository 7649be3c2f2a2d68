import { data, Link } from "react-router";
import { GigCard, gamePageSchema, InfiniteGrid, LiveCard, Thumb } from "~/features/catalogue";
import { catalogueRequest, getGamePage, gigCardData, liveCardData } from "~/features/catalogue/index.server";
import { displayCurrency } from "~/features/currency";
import { FavouriteButton } from "~/features/favourites";
import { gamePath } from "~/lib/paths.server";
import { firstIssue } from "~/lib/validation";
import { found } from "~/platform/http.server";
import type { Route } from "./+types/game";

export const meta = ({ loaderData }: Route.MetaArgs) => {
  const game = loaderData?.game;
  return [
    { title: game ? `${game.name} | Noobrd` : "Game | Noobrd" },
    { name: "description", content: game ? `Play ${game.name} with streamers on Noobrd.` : "A game on Noobrd." },
  ];
};

/** /game/:id?page=: a game, its modes and platforms, who plays it live now and its gigs (15 a page). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const query = gamePageSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success)
    throw data(firstIssue(query.error, { fallback: "Invalid page" }), { status: 400, statusText: "Bad Request" });
  const req = await catalogueRequest(request, context);
  const page = found(await getGamePage(req.db, params.id, req.viewer?.id ?? null, query.data.page), "Game not found");
  return {
    ...page,
    game: { ...page.game, href: gamePath(page.game.id) },
    gigs: { ...page.gigs, items: page.gigs.items.map(gigCardData) },
    live: page.live.map(liveCardData),
    display: displayCurrency(req.currencyCode, page.usdInrRateMicros, page.usdInrFetchedAt),
  };
}

function pickGigs(answer: unknown) {
  return (answer as Awaited<ReturnType<typeof loader>>).gigs ?? null;
}

export default function Game({ loaderData }: Route.ComponentProps) {
  const { game, modes, platformNames, gigs, live, display } = loaderData;
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-10">
      <section aria-labelledby="game-name" className="grid gap-8 md:grid-cols-[14rem_1fr]">
        <Thumb
          url={game.imageUrl}
          label={game.name}
          color={game.primaryColor}
          className="aspect-[3/4] w-full rounded-2xl border border-ink-700"
          width={448}
          height={597}
          priority
        />
        <div>
          <div className="flex items-center gap-3">
            <h1 id="game-name" className="text-4xl font-extrabold">
              {game.name}
            </h1>
            <FavouriteButton kind="game" id={game.id} name={game.name} isFavourite={game.isFavourite} />
          </div>
          {game.description ? <p className="mt-3 max-w-2xl text-zinc-300">{game.description}</p> : null}
          <p className="mt-4 text-sm text-zinc-400">
            <span className="font-semibold text-zinc-200">Platforms:</span> {platformNames.join(", ") || "None yet"}
            {game.crossplatform ? " · Cross-platform" : ""}
          </p>
          {modes.length > 0 ? (
            <table className="mt-6 w-full max-w-xl text-left text-sm">
              <caption className="mb-2 text-left font-semibold">Modes</caption>
              <thead className="text-zinc-400">
                <tr>
                  <th scope="col" className="py-1 font-medium">
                    Mode
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Duration
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Players
                  </th>
                </tr>
              </thead>
              <tbody>
                {modes.map((mode) => (
                  <tr key={mode.id} className="border-t border-ink-800">
                    <td className="py-1.5">{mode.name}</td>
                    <td className="py-1.5">{mode.durationMinutes} min</td>
                    <td className="py-1.5">{mode.noOfPlayers}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      </section>

      {live.length > 0 ? (
        <section aria-labelledby="live-title">
          <h2 id="live-title" className="mb-4 text-xl font-bold">
            Live now
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {live.slice(0, 6).map((session) => (
              <li key={session.id}>
                <LiveCard live={session} display={display} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="gigs-title">
        <div className="mb-4 flex items-end justify-between">
          <h2 id="gigs-title" className="text-xl font-bold">
            Gigs
          </h2>
          <Link to={`/browse?selectedGame=${game.id}`} className="text-sm text-brand-400 hover:text-brand-50">
            Filter and sort on Browse
          </Link>
        </div>
        {gigs.items.length === 0 ? (
          <p className="text-sm text-zinc-400">No gigs for {game.name} yet.</p>
        ) : (
          <InfiniteGrid
            first={gigs}
            pageHref={(page) => `${game.href}?page=${page}`}
            pick={pickGigs}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            label={`Gigs for ${game.name}`}
            render={(gig) => <GigCard gig={gig} display={display} />}
          />
        )}
      </section>
    </main>
  );
}
