import { Link, redirect } from "react-router";
import type { Viewer } from "~/features/access";
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
import { type AppError, badRequest } from "~/lib/errors";
import { liveDashboardPath, livePath } from "~/lib/paths.server";
import { shortLink } from "~/lib/short-link";
import { z } from "~/lib/zod";
import { envOf, publicOrigin } from "~/platform/http.server";
import { log } from "~/platform/log.server";
import { orErrorPage, settle } from "~/routes/_lib/form.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import { type PageContext, pageAction, says, streamerOnly } from "~/routes/_lib/page-action.server";
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
    // The session's public page and this dashboard (the overlay card comes back here), built here.
    links: { public: livePath(session.id), dashboard: liveDashboardPath(session.id) },
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

/** One dashboard button: its command (commandOf), sent to the session; a failure is one message beside the buttons. */
function liveCommand(intent: string) {
  const failed = intent === "end" ? LIVE_COPY.endFailed : LIVE_COPY.goLiveFailed;
  return {
    schema: z.object({}),
    plain: true as const,
    run: async (_: unknown, { env, viewer, params, formData, request }: PageContext<Viewer>) => {
      const command = commandOf(intent, formData, viewer, publicOrigin(request, env));
      if (typeof command === "string") throw badRequest(command);
      // Anything but a refusal (the session's object unreachable, say): logged, and the streamer told to retry.
      const sent = await settle(sendLiveCommand(env, params.id ?? "", command)).catch((error: unknown) => {
        log.error("live.dashboard_failed", { intent, error });
        return null;
      });
      if (sent && !sent.ok) throw sent.error;
      return sent !== null;
    },
    success: (delivered: boolean) =>
      !delivered
        ? says(failed, 500)
        : intent === "end"
          ? { to: "/influencer/dashboard", message: LIVE_COPY.ended }
          : { stay: { error: null }, noForm: true },
    refused: (error: AppError) => {
      if (error.status === 403) throw redirect("/");
      return says(intent === "end" ? LIVE_COPY.endFailed : error.message, error.status);
    },
  };
}

export const action = pageAction({
  guard: streamerOnly,
  intents: Object.fromEntries(
    ["serve", "lobbyCode", "turnRules", "streamingLink", "details", "callParty", "end"].map((intent) => [
      intent,
      liveCommand(intent),
    ]),
  ),
});

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
            <Link to={loaderData.links.public} className="text-brand-400">
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
      {overlay ? <OverlayCard urls={overlay} returnTo={loaderData.links.dashboard} /> : null}
    </main>
  );
}
