import type { ComponentProps } from "react";
import { data, Link, useLocation } from "react-router";
import { GigCard, LiveBadge, SessionRow, streamerPagesSchema, Thumb } from "~/features/catalogue";
import { catalogueRequest, getStarPage, gigCardData, sessionRowData } from "~/features/catalogue/index.server";
import { displayCurrency } from "~/features/currency";
import { FavouriteButton } from "~/features/favourites";
import { StreamerPassCard } from "~/features/passes";
import { passUsesFrom, streamerPassOf, streamerPassReads, streamerPassView } from "~/features/passes/index.server";
import { ReliabilityCard } from "~/features/reliability";
import { RatingSummary, ReviewList } from "~/features/reviews";
import { money } from "~/lib/money";
import { livePath, streamerPath } from "~/lib/paths.server";
import { firstIssue } from "~/lib/validation";
import { found } from "~/platform/http.server";
import { pageAction, signedInBackTo } from "~/routes/_lib/page-action.server";
import { reviewIntents } from "./_lib/review-forms.server";
import type { Route } from "./+types/star";
import { buyPassIntent } from "./pass-action.server";

export const meta = ({ loaderData }: Route.MetaArgs) => {
  const streamer = loaderData?.streamer;
  const name = streamer ? streamer.fullName || streamer.username : "Star";
  return [
    { title: `${name} | Noobrd` },
    { name: "description", content: streamer?.bio ?? `Play with ${name} on Noobrd.` },
  ];
};

/** /star/:id?upcomingPage=&pastPage=: profile, gigs, live status, upcoming and past sessions (6 a page). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const pages = streamerPagesSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!pages.success)
    throw data(firstIssue(pages.error, { fallback: "Invalid page" }), { status: 400, statusText: "Bad Request" });
  const req = await catalogueRequest(request, context);
  // The VIP pass on offer, and what this fan holds of it (docs/domain.md "VIP pass"), read in the page's batch.
  const fan = req.viewer && req.viewer.id !== params.id ? { id: req.viewer.id, currency: req.currencyCode } : null;
  const page = found(
    await getStarPage(
      req.db,
      params.id,
      req.viewer?.id ?? null,
      { upcoming: pages.data.upcomingPage, past: pages.data.pastPage },
      new Date(),
      streamerPassReads(req.db, params.id, fan, new Date()),
    ),
    "Star not found",
  );
  const passRows = page.more.pass ?? [];
  const uses = passUsesFrom(page.more.passUses);
  const balance = page.more.wallet ? Number(page.more.wallet[0]?.balance ?? 0) : null;
  const display = displayCurrency(req.currencyCode, page.usdInrRateMicros, page.usdInrFetchedAt);
  const offer = streamerPassOf(passRows, display);
  return {
    ...page,
    gigs: page.gigs.map(gigCardData),
    live: page.live ? { ...page.live, href: livePath(page.live.id) } : null,
    upcoming: { ...page.upcoming, items: page.upcoming.items.map(sessionRowData) },
    past: { ...page.past, items: page.past.items.map(sessionRowData) },
    display,
    pass: offer
      ? streamerPassView(offer, {
          loggedIn: Boolean(req.viewer),
          isOwner: req.viewer?.id === page.streamer.id,
          usesLeft: uses?.uses ?? 0,
          walletBalance: balance === null ? null : money(balance, req.currencyCode),
          loginTo: streamerPath(page.streamer.id),
        })
      : null,
    reviewViewer: req.viewer ? { id: req.viewer.id, isStreamerOfThese: req.viewer.id === page.streamer.id } : null,
  };
}

/** The reply and report forms under the streamer's reviews (docs/domain.md, "Review"), and the VIP pass's form. */
export const action = pageAction({
  // A visitor signs in and comes back to the reviews.
  guard: signedInBackTo(({ params }) => streamerPath(params.id ?? "")),
  intents: { ...reviewIntents(({ params }) => streamerPath(params.id ?? "")), "buy-pass": buyPassIntent },
});

/** Only http(s) links are shown, each opening a new tab without handing over this page. */
function socialLinks(links: Record<string, string>) {
  return Object.entries(links).filter(([, url]) => /^https?:\/\//i.test(url));
}

function SessionsSection({
  title,
  id,
  page,
  param,
  empty,
}: {
  title: string;
  id: string;
  page: Route.ComponentProps["loaderData"]["upcoming"];
  param: "upcomingPage" | "pastPage";
  empty: string;
}) {
  const location = useLocation();
  const href = (to: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(to));
    return `?${params}#${id}`;
  };
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-bold">
        {title} <span className="text-sm font-normal text-zinc-400">({page.total})</span>
      </h2>
      {page.items.length === 0 ? (
        <p className="text-sm text-zinc-400">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {page.items.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      {page.page > 1 || page.hasMore ? (
        <nav aria-label={`${title} pages`} className="flex gap-3 text-sm">
          {page.page > 1 ? (
            <Link
              to={href(page.page - 1)}
              preventScrollReset
              className="rounded-md border border-ink-700 px-3 py-1.5 hover:bg-ink-800"
            >
              Newer
            </Link>
          ) : null}
          <span className="py-1.5 text-zinc-400">Page {page.page}</span>
          {page.hasMore ? (
            <Link
              to={href(page.page + 1)}
              preventScrollReset
              className="rounded-md border border-ink-700 px-3 py-1.5 hover:bg-ink-800"
            >
              {param === "pastPage" ? "Older" : "Later"}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export default function Star({ loaderData, actionData }: Route.ComponentProps) {
  const { streamer, gigs, live, upcoming, past, display, reviews, reviewViewer } = loaderData;
  const name = streamer.fullName || streamer.username;
  const links = socialLinks(streamer.socialLinks);
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-10">
      <section aria-labelledby="star-name" className="flex flex-wrap items-start gap-6">
        <Thumb
          url={streamer.pictureUrl}
          label={name}
          className="h-28 w-28 rounded-full"
          width={112}
          height={112}
          priority
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 id="star-name" className="text-3xl font-bold">
              {name}
            </h1>
            {live ? <LiveBadge /> : null}
            <FavouriteButton kind="star" id={streamer.id} name={name} isFavourite={streamer.isFavourite} />
          </div>
          <p className="mt-1 text-zinc-400">
            @{streamer.username} · {streamer.profession}
            {streamer.country ? ` · ${streamer.country}` : ""}
          </p>
          <a href="#reviews" className="mt-1 inline-block text-sm hover:underline">
            <RatingSummary total={streamer.ratingTotal} count={streamer.ratingCount} showEmpty />
          </a>
          {streamer.bio ? <p className="mt-4 max-w-2xl whitespace-pre-line text-zinc-300">{streamer.bio}</p> : null}
          {links.length > 0 ? (
            <ul aria-label="Social links" className="mt-4 flex flex-wrap gap-2">
              {links.map(([network, url]) => (
                <li key={network}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="rounded-full border border-ink-700 px-3 py-1 text-sm capitalize hover:bg-ink-800"
                  >
                    {network}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {live ? (
            <p className="mt-4 rounded-lg border border-red-500/40 bg-red-950/40 px-4 py-3 text-sm">
              Live now:{" "}
              <Link to={live.href} className="font-semibold hover:underline">
                {live.title}
              </Link>{" "}
              ({live.gameName})
            </p>
          ) : (
            <p className="mt-4 text-sm text-zinc-400">Not live right now.</p>
          )}
        </div>
      </section>

      <ReliabilityCard reliability={loaderData.reliability} />

      {loaderData.pass ? <StreamerPassCard pass={loaderData.pass} /> : null}

      <section aria-labelledby="gigs-title">
        <h2 id="gigs-title" className="mb-4 text-xl font-bold">
          Gigs
        </h2>
        {gigs.length === 0 ? (
          <p className="text-sm text-zinc-400">{name} has no gigs on offer right now.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {gigs.map((gig) => (
              <li key={gig.id}>
                <GigCard gig={gig} display={display} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-10 lg:grid-cols-2">
        <SessionsSection
          title="Upcoming sessions"
          id="upcoming"
          page={upcoming}
          param="upcomingPage"
          empty="No sessions scheduled yet."
        />
        <SessionsSection title="Past sessions" id="past" page={past} param="pastPage" empty="No past sessions yet." />
      </div>

      <ReviewList
        reviews={reviews}
        ratingTotal={streamer.ratingTotal}
        ratingCount={streamer.ratingCount}
        viewer={reviewViewer}
        reply={(actionData as { review?: ComponentProps<typeof ReviewList>["reply"] } | undefined)?.review}
        showGig
      />
    </main>
  );
}
