import { Link } from "react-router";
import { PACKS_COPY, PackOfferForm, packOfferSchema } from "~/features/packs";
import { packOfferForm, setPackOffer } from "~/features/packs/index.server";
import type { PageFormReply } from "~/routes/_lib/page-action.server";
import { pageAction, pageLoader, streamerOnly } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/gig-pack";

export const meta = () => [{ title: "Session pack | Noobrd" }];

/** /influencer/products/:id/pack: the streamer's session pack of one of their gigs (docs/domain.md "Session pack"). */
export const loader = pageLoader(streamerOnly, async ({ env, viewer, params }) => ({
  view: await packOfferForm(env, viewer, params.id ?? ""),
}));

export const action = pageAction({
  guard: streamerOnly,
  intents: {
    pack: {
      schema: packOfferSchema,
      run: (draft, { env, viewer, params }) => setPackOffer(env, viewer, params.id ?? "", draft).then(() => draft),
      success: (draft, { params }) => ({
        to: `/influencer/products/${params.id ?? ""}/pack`,
        message: draft.active ? PACKS_COPY.packSaved : PACKS_COPY.packRemoved,
      }),
    },
  },
  otherwise: "pack",
});

export default function GigPackPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as PageFormReply | undefined;
  const error = reply?.result?.error ? (Object.values(reply.result.error).flat()[0] ?? null) : null;
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10">
      <Link to="/influencer/products" className="text-sm text-brand-400">
        ← Your gigs
      </Link>
      <h1 className="text-3xl font-bold">Session pack</h1>
      <p className="text-zinc-300">{loaderData.view.gigTitle}</p>
      <PackOfferForm
        view={loaderData.view}
        error={error}
        sent={(reply?.result?.initialValue as Record<string, unknown> | null | undefined) ?? null}
      />
    </main>
  );
}
