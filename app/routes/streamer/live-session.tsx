import { data, Link, redirect } from "react-router";
import {
  LIVE_COPY,
  liveDetailsSchema,
  lobbyCodeSchema,
  parentHostsFor,
  partySchema,
  QueueBoard,
  ShareModal,
  serveSchema,
  streamingLinkSchema,
  TurnRulesForm,
  turnRulesSchema,
  valuesFromForm,
  wholeLanesOf,
} from "~/features/live";
import { type LiveCommand, sendLiveCommand, streamerQueue } from "~/features/live/index.server";
import { OverlayCard } from "~/features/overlay";
import { myOverlay } from "~/features/overlay/index.server";
import { shortLink } from "~/lib/short-link";
import { envOf, publicOrigin } from "~/platform/http.server";
import { log } from "~/platform/log.server";
import { redirectWithToast } from "~/platform/toast.server";
import { orErrorPage, type Settled, settle } from "~/routes/_lib/form.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/live-session";

export const meta = () => [{ title: "Queue dashboard | Noobrd" }];

/** /influencer/live/session/:id: the queue dashboard of the streamer's own session. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStreamer(request, env);
  const url = new URL(request.url);
  const { session, queue } = await orErrorPage(
    streamerQueue(env, viewer, params.id ?? "", wholeLanesOf(url.searchParams)),
  );
  return {
    session,
    queue,
    overlay: await myOverlay(env, viewer, publicOrigin(request, env)),
    // The streamer's short link: it opens this session while it runs, and their page after.
    shareUrl: shortLink(publicOrigin(request, env), viewer.username),
    started: url.searchParams.get("started") === "1",
    confirmEnd: url.searchParams.get("confirm") === "end",
  };
}

type Reply = { intent: string; error: string | null };

function commandOf(
  intent: string,
  form: FormData,
  viewer: Awaited<ReturnType<typeof requireStreamer>>,
  origin: string,
): LiveCommand | string {
  const fields = Object.fromEntries(form);
  switch (intent) {
    case "serve": {
      const parsed = serveSchema.safeParse(fields);
      if (!parsed.success) return parsed.error.issues[0]?.message ?? "Invalid request";
      const { id: entryId, to } = parsed.data;
      if (to === "removed") return { type: "remove", viewer, entryId };
      return to === "skip" ? { type: "skip", viewer, entryId } : { type: "serve", viewer, entryId, to };
    }
    case "lobbyCode": {
      const parsed = lobbyCodeSchema.safeParse(fields);
      return parsed.success
        ? { type: "lobbyCode", viewer, code: parsed.data.lobbyCode }
        : (parsed.error.issues[0]?.message ?? "Invalid code");
    }
    case "turnRules": {
      const parsed = turnRulesSchema.safeParse(fields);
      return parsed.success
        ? { type: "turnRules", viewer, ...parsed.data }
        : (parsed.error.issues[0]?.message ?? LIVE_COPY.badTurnRule);
    }
    case "streamingLink": {
      const parsed = streamingLinkSchema.safeParse({ ...fields, isStreaming: fields.streamingLink ? "true" : "false" });
      return parsed.success
        ? {
            type: "streamingLink",
            viewer,
            isStreaming: parsed.data.isStreaming,
            streamingLink: parsed.data.streamingLink,
            parentHosts: parentHostsFor(origin),
          }
        : (parsed.error.issues[0]?.message ?? LIVE_COPY.invalidLink);
    }
    case "details": {
      const values = valuesFromForm(form);
      const parsed = liveDetailsSchema.safeParse({ ...values, liveSessionId: fields.liveSessionId });
      return parsed.success
        ? { type: "details", viewer, ...parsed.data }
        : (parsed.error.issues[0]?.message ?? "Invalid details");
    }
    case "callParty": {
      const parsed = partySchema.safeParse(fields);
      return parsed.success
        ? { type: "callParty", viewer, size: parsed.data.size }
        : (parsed.error.issues[0]?.message ?? LIVE_COPY.badPartySize);
    }
    case "end":
      return { type: "end", viewer };
    default:
      return "Unknown action";
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const env = envOf(context);
  const viewer = await requireStreamer(request, env);
  const id = params.id ?? "";
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const command = commandOf(intent, form, viewer, publicOrigin(request, env));
  if (typeof command === "string") return data<Reply>({ intent, error: command }, { status: 400 });
  let sent: Settled<Awaited<ReturnType<typeof sendLiveCommand>>>;
  try {
    sent = await settle(sendLiveCommand(env, id, command));
  } catch (error) {
    log.error("live.dashboard_failed", { intent, error });
    return data<Reply>(
      { intent, error: intent === "end" ? LIVE_COPY.endFailed : LIVE_COPY.goLiveFailed },
      { status: 500 },
    );
  }
  if (!sent.ok) {
    if (sent.error.status === 403) throw redirect("/");
    return data<Reply>(
      { intent, error: intent === "end" ? LIVE_COPY.endFailed : sent.error.message },
      { status: sent.error.status },
    );
  }
  if (intent === "end") {
    return redirectWithToast(env, "/influencer/dashboard", { kind: "success", message: LIVE_COPY.ended });
  }
  return data<Reply>({ intent, error: null });
}

export default function LiveSessionDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { session, queue, shareUrl, started, confirmEnd, overlay } = loaderData;
  const reply = actionData as Reply | undefined;
  const ended = session.endedAt !== null;
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      {started ? <ShareModal url={shareUrl} /> : null}
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-xs uppercase tracking-wide text-red-400">{ended ? "Ended" : "Live now"}</p>
          <h1 className="text-3xl font-bold">{session.title}</h1>
          <p className="text-sm text-zinc-400">
            {session.gameName} · {session.modeName} · {session.platformName} ·{" "}
            <Link to={`/live/${session.id}`} className="text-brand-400">
              Public page
            </Link>
          </p>
        </div>
        {ended ? null : (
          <Link to="?confirm=end" className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold">
            End Session
          </Link>
        )}
      </header>
      {reply?.error ? (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-950 px-4 py-2 text-sm text-red-300">
          {reply.error}
        </p>
      ) : null}
      <QueueBoard session={session} initial={queue} confirmEnd={confirmEnd} />
      {ended ? null : <TurnRulesForm rules={queue.turnRules} />}
      {overlay ? <OverlayCard urls={overlay} returnTo={`/influencer/live/session/${session.id}`} /> : null}
    </main>
  );
}
