import { Link } from "react-router";
import type { Viewer } from "~/features/access";
import { GIG_COPY, GigForm, gigSchema, withoutBlankRequirements } from "~/features/gigs";
import {
  createGig,
  getOwnGig,
  gigFormOptions,
  streamerCurrency,
  updateGig,
  uploadedFile,
} from "~/features/gigs/index.server";
import { money } from "~/lib/money";
import { toDecimalString } from "~/lib/money-math";
import { envOf } from "~/platform/http.server";
import { orErrorPage } from "~/routes/_lib/form.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import { pageAction, streamerOnly } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/gig-edit";

export const meta = ({ params }: Route.MetaArgs) => [{ title: params.id ? "Edit gig | Noobrd" : "Add a gig | Noobrd" }];

/** /influencer/products/new and /influencer/products/:id/edit */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStreamer(request, env);
  const currency = streamerCurrency(viewer);
  const [games, gig] = await Promise.all([
    gigFormOptions(env),
    params.id ? orErrorPage(getOwnGig(env, viewer, params.id)) : Promise.resolve(null),
  ]);
  const defaults = {
    product_title: gig?.title ?? "",
    product_desc: gig?.description ?? "",
    _game_id: gig?.gameId ?? "",
    _game_mode_id: gig?.gameModeId ?? "",
    _platform_playing_on_id: gig?.platformId ?? "",
    // The price as the streamer typed it, exactly (db/schema/gigs.ts keeps it as set).
    price: gig ? toDecimalString(money(gig.listPriceMinor, gig.baseCurrency)) : "",
    // Unset (the mode's length) unless the streamer chose one.
    session_minutes: gig?.sessionMinutes ? String(gig.sessionMinutes) : "",
    requirements: gig?.requirements ?? [],
    session_tags: gig?.tags ?? [],
    coverImageUrl: gig?.coverImageUrl ?? null,
  };
  return { games, currency, defaults, editing: !!gig };
}

export const action = pageAction({
  guard: streamerOnly,
  intents: {
    save: {
      schema: ({ viewer }: { viewer: Viewer }) => gigSchema(streamerCurrency(viewer)),
      tidy: withoutBlankRequirements,
      run: (value, { env, viewer, params, formData }) => {
        const cover = uploadedFile(formData.get("product_cover_img"));
        return params.id ? updateGig(env, viewer, params.id, value, cover) : createGig(env, viewer, value, cover);
      },
      success: (_, { params }) => ({
        to: "/influencer/products",
        message: params.id ? GIG_COPY.updated : GIG_COPY.added,
      }),
      fallback: ({ params }) => (params.id ? GIG_COPY.updateFailed : GIG_COPY.addFailed),
    },
  },
  otherwise: "save",
});

export default function GigEdit({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as { result?: never; field?: string | null; message?: string | null } | undefined;
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <Link to="/influencer/products" className="text-sm text-brand-400">
        ← Your gigs
      </Link>
      <h1 className="text-3xl font-bold">{loaderData.editing ? "Edit gig" : "Add a gig"}</h1>
      <GigForm
        games={loaderData.games}
        currency={loaderData.currency}
        defaults={loaderData.defaults}
        lastResult={reply?.result}
        coverError={reply?.field === "product_cover_img" ? (reply.message ?? undefined) : undefined}
        submitLabel={loaderData.editing ? "Save gig" : "Add gig"}
      />
    </main>
  );
}
