import { useEffect, useState } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import type { FavouriteKind } from "../kinds";
import { useFavourite } from "../use-favourite";

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5"
      aria-hidden="true"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.7 3.2 5 6.8 5c2 0 3.4 1.1 4.2 2.3h2C13.8 6.1 15.2 5 17.2 5c3.6 0 5.6 3.7 4.3 6.8C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

const buttonClass =
  "relative z-10 grid h-9 w-9 place-items-center rounded-full border border-ink-700 bg-ink-950/80 text-zinc-300 hover:border-brand-500 hover:text-white aria-pressed:border-pink-500/60 aria-pressed:text-pink-400";

/**
 * The favourite button of a gig, star or game. Without JavaScript it is a plain form posted to /favourites,
 * applied at once; with JavaScript the change waits a second and a second press cancels it (useFavourite).
 * Visitors who are not logged in get a link to /login that brings them back.
 */
export function FavouriteButton({
  kind,
  id,
  name,
  isFavourite,
}: {
  kind: FavouriteKind;
  id: string;
  name: string;
  isFavourite: boolean;
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const loginPath = `/login?redirectTo=${encodeURIComponent(here)}`;
  const root = useRouteLoaderData("root") as { viewer: { id: string } | null } | undefined;
  const favourite = useFavourite(kind, id, isFavourite, loginPath);
  // Marks the button once React runs it (the delayed toggle); until then a press is a plain form post.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  if (!root?.viewer) {
    return (
      <Link
        to={loginPath}
        className={buttonClass}
        aria-label={`Log in to add ${name} to favourites`}
        title="Add to favourites"
      >
        <Heart filled={false} />
      </Link>
    );
  }
  const shown = favourite.isFavourite;
  return (
    <form
      method="post"
      action="/favourites"
      className="relative z-10"
      data-hydrated={hydrated ? "" : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        favourite.toggle();
      }}
    >
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value={shown ? "remove" : "add"} />
      <input type="hidden" name="redirectTo" value={here} />
      <button
        type="submit"
        className={buttonClass}
        aria-pressed={shown}
        aria-label={shown ? `Remove ${name} from favourites` : `Add ${name} to favourites`}
        title={shown ? "Remove from favourites" : "Add to favourites"}
        data-pending={favourite.pending || favourite.saving ? "" : undefined}
      >
        <Heart filled={shown} />
      </button>
    </form>
  );
}
