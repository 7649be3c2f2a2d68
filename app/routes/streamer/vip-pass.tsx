import { Link } from "react-router";
import { PASSES_COPY, PassOfferForm, passOfferSchema } from "~/features/passes";
import { passOfferForm, setPassOffer } from "~/features/passes/index.server";
import { envOf } from "~/platform/http.server";
import { orErrorPage } from "~/routes/_lib/form.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import { type PageFormReply, runPageForm } from "~/routes/_lib/page-form.server";
import type { Route } from "./+types/vip-pass";

export const meta = () => [{ title: "VIP pass | Noobrd" }];

/** /influencer/pass: the streamer's VIP pass (docs/domain.md "VIP pass"). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStreamer(request, env);
  return { view: await orErrorPage(passOfferForm(env, viewer)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = envOf(context);
  const viewer = await requireStreamer(request, env);
  return runPageForm({
    env,
    formData: await request.formData(),
    intent: "pass",
    schema: passOfferSchema,
    run: (draft) => setPassOffer(env, viewer, draft).then(() => draft),
    success: (draft) => ({
      to: "/influencer/pass",
      message: draft.active ? PASSES_COPY.passSaved : PASSES_COPY.passRemoved,
    }),
  });
}

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
