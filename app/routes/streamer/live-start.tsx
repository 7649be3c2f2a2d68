import { Link, redirect } from "react-router";
import type { Viewer } from "~/features/access";
import { gigFormOptions, streamerCurrency, uploadedFile } from "~/features/gigs/index.server";
import {
  checkStep,
  EMPTY_VALUES,
  goLiveSchema,
  isStep,
  LIVE_COPY,
  normaliseStreamingLink,
  parentHostsFor,
  resetAfter,
  STEPS,
  type Step,
  type StepErrors,
  StepperForm,
  stepIndex,
  valuesFromForm,
} from "~/features/live";
import { goLive, videoDetailsFor } from "~/features/live/index.server";
import { liveDashboardPath } from "~/lib/paths.server";
import { z } from "~/lib/zod";
import { envOf, publicOrigin } from "~/platform/http.server";
import { log } from "~/platform/log.server";
import { type Settled, settle } from "~/routes/_lib/form.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import { type Done, type PageContext, pageAction, streamerOnly } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/live-start";

export const meta = () => [{ title: "Go live | Noobrd" }];

/** /influencer/live/start: the start-live stepper ("Go live" in the header). A streamer already live goes to their queue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStreamer(request, env);
  if (viewer.liveSessionId) throw redirect(liveDashboardPath(viewer.liveSessionId));
  return { games: await gigFormOptions(env), currency: streamerCurrency(viewer) };
}

type StepperReply = { step: Step; values: typeof EMPTY_VALUES; errors: StepErrors };

/** The stepper's one step: the step to show next (with the values so far and any problems), or the session started. */
async function stepOf({ request, env, viewer, formData: form }: PageContext<Viewer>): Promise<Done> {
  const intent = String(form.get("intent") ?? "");
  const [verb, target] = intent.split(":");
  let values = valuesFromForm(form);
  const games = await gigFormOptions(env);
  const checks = { games, currency: streamerCurrency(viewer), parentHosts: parentHostsFor(publicOrigin(request, env)) };
  const reply = (step: Step, errors: StepErrors = {}, status = 200): Done => ({
    stay: { step, values, errors } satisfies StepperReply,
    status,
    noForm: true,
  });

  if (verb === "edit" && isStep(target)) {
    values = resetAfter(values, target);
    return reply(target);
  }
  // Every step up to the one submitted must hold (a tampered or stale form is sent back to its first gap).
  const upTo = verb === "next" && isStep(target) ? target : "details";
  for (const step of STEPS.slice(0, stepIndex(upTo) + 1)) {
    const errors = checkStep(step, values, checks);
    if (Object.keys(errors).length > 0) {
      if (errors.price) values = { ...values, price: "" };
      return reply(step, errors, 400);
    }
  }
  if (verb === "next") {
    if (upTo === "streaming" && values.isStreaming === "yes") {
      const link = normaliseStreamingLink(values.streamingLink, checks.parentHosts);
      if (link.ok) values = { ...values, streamingLink: link.link };
      if (!values.title) {
        const details = await videoDetailsFor(env, values.streamingLink, checks.parentHosts);
        if (details.success) {
          values = {
            ...values,
            title: details.title,
            description: details.description,
            defaultThumbnail: details.thumbnail ?? "",
          };
        }
      }
    }
    return reply(STEPS[stepIndex(upTo) + 1] ?? "start");
  }
  // START LIVE SESSION NOW
  const parsed = goLiveSchema(checks.currency).safeParse({ ...values, isStreaming: values.isStreaming === "yes" });
  if (!parsed.success)
    return reply("details", { form: parsed.error.issues[0]?.message ?? LIVE_COPY.goLiveFailed }, 400);
  let started: Settled<{ id: string }>;
  try {
    started = await settle(
      goLive(env, viewer, parsed.data, { parentHosts: checks.parentHosts, banner: uploadedFile(form.get("banner")) }),
    );
  } catch (error) {
    log.error("live.go_live_failed", { error });
    return reply("start", { form: LIVE_COPY.goLiveFailed }, 500);
  }
  if (!started.ok) {
    const field = started.error.field === "product_cover_img" ? "form" : (started.error.field ?? "form");
    return reply("start", { [field]: started.error.message }, started.error.status);
  }
  return { to: `${liveDashboardPath(started.value.id)}?started=1`, message: LIVE_COPY.started };
}

export const action = pageAction({
  guard: streamerOnly,
  intents: {
    // The stepper's buttons name their step (`next:<step>`, `edit:<step>`); each answer is the next step to show.
    step: { schema: z.object({}), plain: true, run: (_, page) => stepOf(page), success: (done: Done) => done },
  },
  otherwise: "step",
});

export default function LiveStart({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as StepperReply | undefined;
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <Link to="/influencer/dashboard" className="text-sm text-brand-400">
        ← Dashboard
      </Link>
      <h1 className="text-3xl font-bold">Start a live session</h1>
      <StepperForm
        key={`${reply?.step ?? "game"}-${JSON.stringify(reply?.values ?? {})}`}
        games={loaderData.games}
        currency={loaderData.currency}
        step={reply?.step ?? "game"}
        values={reply?.values ?? EMPTY_VALUES}
        errors={reply?.errors ?? {}}
      />
      <noscript>
        <p className="text-sm text-zinc-400">Each step is its own form: answer it and press Next.</p>
      </noscript>
    </main>
  );
}
