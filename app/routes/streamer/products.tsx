import { Form, Link } from "react-router";
import { ConfirmButton, ConfirmStep } from "~/components/confirm";
import { Thumb } from "~/features/catalogue";
import { GIG_COPY, inactiveGigsQuerySchema } from "~/features/gigs";
import { deleteGig, gigUpcomingBookings, listGigs, setGigArchived } from "~/features/gigs/index.server";
import { askedToConfirm } from "~/lib/confirm";
import type { AppError } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { z } from "~/lib/zod";
import { envOf } from "~/platform/http.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import { pageAction, says, streamerOnly } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/products";

export const meta = () => [{ title: "Your gigs | Noobrd" }];

/** /influencer/products: active gigs, or the inactive (archived) list with its filter (?tab=inactive&filter=). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStreamer(request, env);
  const url = new URL(request.url);
  const archived = url.searchParams.get("tab") === "inactive";
  // A hand-edited query string (?page=abc) shows the first page rather than an error page.
  const parsed = inactiveGigsQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : { filter: "", page: 1, limit: 15 };
  const list = await listGigs(env, viewer, viewer.id, { archived, filter: query.filter, page: query.page, limit: 15 });
  // The streamer's own prices, exactly as they set them.
  const gigs = list.gigs.map((gig) => ({ ...gig, price: formatMoney(gig.listPrice) }));
  return { archived, filter: query.filter, ...list, gigs };
}

const gigFormSchema = z.object({ gigId: z.string().optional(), title: z.string().optional() });
/** The gig cards' buttons (no Conform form): a refusal is one message, on the gig it came from. */
const onTheGig = (error: AppError, { formData }: { formData: FormData }) =>
  says(error.message, error.status, { gigId: String(formData.get("gigId") ?? "") });

export const action = pageAction({
  guard: streamerOnly,
  intents: {
    archive: {
      schema: gigFormSchema,
      plain: true,
      run: (v, { env, viewer }) => setGigArchived(env, viewer, v.gigId ?? "", true),
      success: () => ({ to: "/influencer/products?tab=inactive", message: GIG_COPY.archived }),
      confirm: async ({ env, viewer }, v) => ({
        question: GIG_COPY.archiveConfirm(
          v.title ?? "this gig",
          await gigUpcomingBookings(env, viewer, v.gigId ?? "").catch(() => 0),
        ),
        yes: "Yes, archive",
      }),
      refused: onTheGig,
    },
    unarchive: {
      schema: gigFormSchema,
      plain: true,
      run: (v, { env, viewer }) => setGigArchived(env, viewer, v.gigId ?? "", false),
      success: () => ({ to: "/influencer/products", message: GIG_COPY.unarchived }),
      refused: onTheGig,
    },
    delete: {
      schema: gigFormSchema,
      plain: true,
      run: (v, { env, viewer }) => deleteGig(env, viewer, v.gigId ?? ""),
      success: () => ({ to: "/influencer/products", message: GIG_COPY.deleted }),
      confirm: (_, v) => ({ question: GIG_COPY.deleteConfirm(v.title ?? "this gig"), yes: "Yes, delete" }),
      refused: onTheGig,
    },
  },
});

const tabClass = "rounded-full px-4 py-1.5 text-sm font-semibold";

export default function Gigs({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = (actionData as { error?: string } | undefined)?.error;
  const { gigs, archived, filter, page, totalPages } = loaderData;
  const base = archived ? `?tab=inactive&filter=${encodeURIComponent(filter)}&` : "?";
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Your gigs</h1>
        <Link
          to="/influencer/products/new"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500"
        >
          Add a gig
        </Link>
      </header>
      <nav aria-label="Gig lists" className="flex gap-2">
        <Link
          to="/influencer/products"
          className={`${tabClass} ${archived ? "bg-ink-800" : "bg-brand-600"}`}
          aria-current={archived ? undefined : "page"}
        >
          Active
        </Link>
        <Link
          to="/influencer/products?tab=inactive"
          className={`${tabClass} ${archived ? "bg-brand-600" : "bg-ink-800"}`}
          aria-current={archived ? "page" : undefined}
        >
          Inactive
        </Link>
      </nav>
      {archived ? (
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="tab" value="inactive" />
          <label htmlFor="filter" className="flex flex-col gap-1 text-sm text-zinc-300">
            Title contains
            <input
              id="filter"
              name="filter"
              defaultValue={filter}
              placeholder="e.g. Valorant"
              className="rounded-lg border border-ink-700 bg-ink-800 px-3 py-2 text-sm"
            />
          </label>
          <button type="submit" className="rounded-lg bg-ink-700 px-4 py-2 text-sm">
            Filter
          </button>
        </Form>
      ) : null}
      <ConfirmStep ask={askedToConfirm(actionData)} />
      {refusal ? (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-950 p-3 text-sm text-red-200">
          {refusal}
        </p>
      ) : null}
      {gigs.length === 0 ? (
        <p className="text-zinc-400">{archived ? "No archived gigs." : "No gigs yet. Add your first one."}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label={archived ? "Inactive gigs" : "Active gigs"}>
          {gigs.map((gig) => (
            <li key={gig.id} className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-900 p-4">
              <Thumb
                url={gig.coverImageUrl}
                label={gig.gameName}
                className="aspect-video w-full rounded-xl"
                width={640}
                height={360}
              />
              <h2 className="truncate font-semibold" title={gig.title}>
                {gig.title}
              </h2>
              <p className="text-sm text-zinc-400">
                {gig.gameName} · {gig.modeName} · {gig.platformName} · {gig.price}
              </p>
              {gig.tags.length ? (
                <p className="text-xs text-zinc-400">{gig.tags.map((t) => `#${t}`).join(" ")}</p>
              ) : null}
              {gig.upcomingBookings > 0 ? (
                <p className="text-sm text-amber-300" data-testid="upcoming-bookings">
                  {GIG_COPY.upcomingBookings(gig.upcomingBookings)}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2 text-sm">
                <Link to={`/influencer/products/${gig.id}/edit`} className="rounded-lg bg-ink-700 px-3 py-1.5">
                  Edit
                </Link>
                <Link to={`/influencer/calendar-dashboard?gig=${gig.id}`} className="rounded-lg bg-ink-700 px-3 py-1.5">
                  Slots
                </Link>
                {archived ? null : (
                  <Link to={`/influencer/products/${gig.id}/pack`} className="rounded-lg bg-ink-700 px-3 py-1.5">
                    Session pack
                  </Link>
                )}
                <Form method="post">
                  <input type="hidden" name="gigId" value={gig.id} />
                  <input type="hidden" name="title" value={gig.title} />
                  {archived ? (
                    <button
                      type="submit"
                      name="intent"
                      value="unarchive"
                      className="rounded-lg bg-ink-700 px-3 py-1.5"
                      aria-label={`Unarchive ${gig.title}`}
                    >
                      Unarchive
                    </button>
                  ) : (
                    <ConfirmButton
                      value="archive"
                      question={GIG_COPY.archiveConfirm(gig.title, gig.upcomingBookings)}
                      yes="Yes, archive"
                      className="rounded-lg bg-ink-700 px-3 py-1.5"
                      aria-label={`Archive ${gig.title}`}
                    >
                      Archive
                    </ConfirmButton>
                  )}
                </Form>
                <Form method="post">
                  <input type="hidden" name="gigId" value={gig.id} />
                  <input type="hidden" name="title" value={gig.title} />
                  <ConfirmButton
                    value="delete"
                    question={GIG_COPY.deleteConfirm(gig.title)}
                    yes="Yes, delete"
                    className="rounded-lg bg-red-900 px-3 py-1.5"
                    aria-label={`Delete ${gig.title}`}
                  >
                    Delete
                  </ConfirmButton>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {totalPages > 1 ? (
        <nav aria-label="Pages" className="flex gap-3 text-sm">
          {page > 1 ? <Link to={`${base}page=${page - 1}`}>Previous</Link> : null}
          <span>
            Page {page} of {totalPages}
          </span>
          {page < totalPages ? <Link to={`${base}page=${page + 1}`}>Next</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}
