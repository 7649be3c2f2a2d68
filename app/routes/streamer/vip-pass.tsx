import { Link } from "react-router";
import { PASSES_COPY, PassOfferForm, passOfferSchema } from "~/features/passes";
import { passOfferForm, setPassOffer } from "~/features/passes/index.server";
import { type PageFormReply, pageAction, pageLoader, streamerOnly } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/vip-pass";

export const meta = () => [{ title: "VIP pass | Noobrd" }];

/** /influencer/pass: the streamer's VIP pass (docs/domain.md "VIP pass"). */
export const loader = pageLoader(streamerOnly, async ({ env, viewer }) => ({
  view: await passOfferForm(env, viewer),
}));

export const action = pageAction({
  guard: streamerOnly,
  intents: {
    pass: {
      schema: passOfferSchema,
      run: (draft, { env, viewer }) => setPassOffer(env, viewer, draft).then(() => draft),
      success: (draft: { active?: boolean }) => ({
        to: "/influencer/pass",
        message: draft.active ? PASSES_COPY.passSaved : PASSES_COPY.passRemoved,
      }),
    },
  },
  otherwise: "pass",
});
export default function VipPassPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as PageFormReply | undefined;
  const error = reply?.result?.error ? (Object.values(reply.result.error).flat()[0] ?? null) : null;
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10">
      <Link to="/influencer/dashboard" className="text-sm text-brand-400">
        ← Dashboard
      </Link>
      <h1 className="text-3xl font-bold">VIP pass</h1>
      <PassOfferForm
        view={loaderData.view}
        error={error}
        sent={(reply?.result?.initialValue as Record<string, unknown> | null | undefined) ?? null}
      />
    </main>
  );
}
