import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { TagInput } from "~/features/gigs";
import { formatClock, useViewerZone } from "~/features/time";
import { inputClass } from "~/lib/ui/field";
import { usePartySocket } from "~/lib/ui/use-party-socket";
import type { QueueState } from "~db/schema/live";
import type { AlertOutcome } from "~db/schema/push";
import { LIVE_COPY } from "../copy";
import { LIVE_EVENTS, type PresencePayload, type StreamerPayload } from "../events";
import { LANE_ROWS_SHOWN, wholeLanesOf } from "../lanes";
import { ordinal } from "../line";
import { PARTY_MAX } from "../ready-check";
import type { LiveSessionView } from "../sessions.server";
import { EndSessionConfirm } from "./end-session";
import { ReadyHistory, ReadyState } from "./ready-check";
import { RequirementRows } from "./requirement-rows";

const small = "min-h-11 min-w-11 rounded-md px-3 text-xs font-semibold";
type Move = { to: string; label: string; className?: string };
/** A running ready check may be skipped (missed now); any place may be removed. */
const SKIP: Move = { to: "skip", label: "Skip", className: "bg-amber-700" };
const REMOVE: Move = { to: "removed", label: "Remove", className: "bg-ink-700" };
const NEXT: Partial<Record<QueueState, Move[]>> = {
  waiting: [
    { to: "playing_next", label: "Playing next" },
    { to: "in_game", label: "In game" },
  ],
  playing_next: [{ to: "in_game", label: "In game" }],
  in_game: [{ to: "done", label: "Done" }],
};
const STATE_LABEL: Record<string, string> = { waiting: "Waiting", playing_next: "Playing next", in_game: "In game" };

/** Whether the fan has the live page open (green) or not (grey), and since when, on the streamer's clock. */
function PresenceDot({ since }: { since: number | null }) {
  const zone = useViewerZone();
  const label = since === null ? "Not on the live page" : `On the live page since ${formatClock(since, zone)}`;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="presence"
      data-present={since === null ? undefined : ""}
      className={`mr-2 inline-block size-2.5 rounded-full ${since === null ? "bg-zinc-600" : "bg-emerald-400"}`}
    />
  );
}

/**
 * "Call the next N" (the queue bots' pick N): the next fans in the order of service, each with a ready check and an
 * alert; a miss is backfilled from the line. A plain form.
 */
function PartyPick() {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2" data-testid="party-pick">
      <input type="hidden" name="intent" value="callParty" />
      <label className="flex flex-col gap-1 text-sm font-medium">
        Fans to call
        <select name="size" defaultValue="1" className={`${inputClass} w-24`}>
          {Array.from({ length: PARTY_MAX }, (_, index) => index + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="min-h-11 rounded-lg bg-brand-600 px-4 text-sm font-semibold">
        Call next
      </button>
    </Form>
  );
}

const ALERT_LABEL: Record<AlertOutcome, string> = {
  pending: "Alert sending",
  delivered: "Alert delivered",
  fell_back: "Push failed: emailed",
  emailed: "Emailed (no push)",
  failed: "Alert failed",
};

/** What became of the fan's "you're up" alert: pushed to a device, emailed instead, or not delivered. */
function AlertBadge({ outcome }: { outcome: AlertOutcome | null }) {
  if (!outcome) return null;
  const tone = outcome === "failed" ? "text-red-300" : outcome === "delivered" ? "text-emerald-300" : "text-amber-300";
  return (
    <span className={`ml-2 inline-block text-xs ${tone}`} data-testid="alert-outcome" data-outcome={outcome}>
      {ALERT_LABEL[outcome]}
    </span>
  );
}

/**
 * The queue dashboard's body: VIP lane first, then regular, each in join order, with the serve buttons (plain
 * forms), the lobby code, the streaming link and the details. With JavaScript the lanes follow the session's
 * socket (messageInfluencerLiveSession) without reloading.
 */
export function QueueBoard({
  session,
  initial,
  confirmEnd,
}: {
  session: LiveSessionView;
  initial: StreamerPayload;
  confirmEnd: boolean;
}) {
  const [live, setLive] = useState<StreamerPayload | null>(null);
  // Who has the live page open: from the last queue frame, then from each presence frame after it.
  const [present, setPresent] = useState<Record<string, number> | null>(null);
  const [searchParams] = useSearchParams();
  const wholeLanes = wholeLanesOf(searchParams);
  // The socket's frames hold what the page's data holds (lanes.ts): each lane's first rows, or all of those asked for.
  const { connected, connection } = usePartySocket(
    "live-session",
    session.id,
    (frame) => {
      if (frame.event === LIVE_EVENTS.influencer) {
        setLive(frame.data as StreamerPayload);
        setPresent(null);
      }
      if (frame.event === LIVE_EVENTS.presence) setPresent((frame.data as PresencePayload).present);
    },
    wholeLanes.length > 0 ? { all: wholeLanes.join(",") } : undefined,
  );
  // While connected the socket is the truth (it is sent after every change); otherwise the page's own load.
  const current = connected && live ? live : initial;
  const lanes = [
    { lane: "vip" as const, title: `VIP queue (${current.counts.vip})` },
    { lane: "regular" as const, title: `Regular queue (${current.counts.regular})` },
  ];
  const showAll = (lane: string) => {
    const next = new URLSearchParams(searchParams);
    next.append("all", lane);
    // Lands at the first fan the lane did not show, where the streamer was reading (with JavaScript or without).
    return `?${next.toString()}#${lane}-more`;
  };
  return (
    <>
      {confirmEnd && !current.ended ? (
        <EndSessionConfirm liveSessionId={session.id} connection={connected ? connection : null} />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]" data-connected={connected ? "" : undefined}>
        <section className="flex flex-col gap-6" aria-label="Queues">
          {current.ended ? null : <PartyPick />}
          {lanes.map(({ lane, title }) => {
            // The page's data and the socket's frames hold the rows to show (lanes.ts); the count is the lane's.
            const shown = current.entries.filter((entry) => entry.lane === lane);
            const total = current.counts[lane];
            return (
              <div key={lane} id={`${lane}-queue`}>
                <h2 className="mb-2 text-xl font-semibold">{title}</h2>
                <ol className="flex flex-col gap-2" data-testid={`${lane}-lane`}>
                  {shown.map((entry, index) => (
                    <li
                      key={entry.id}
                      id={index === LANE_ROWS_SHOWN ? `${lane}-more` : undefined}
                      className="flex scroll-mt-20 flex-wrap items-center justify-between gap-2 rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-sm"
                    >
                      <span className="min-w-0 break-words">
                        <PresenceDot since={present ? (present[entry.userId] ?? null) : entry.presentSince} />
                        <span
                          className="mr-2 font-mono text-zinc-400"
                          data-testid="line-position"
                          title="Place in line"
                        >
                          {entry.line !== null ? ordinal(entry.line) : "·"}
                        </span>
                        {entry.username}
                        {entry.gamertag ? (
                          <span className="ml-2 font-mono text-zinc-300" data-testid="gamertag" title="Gamer tag">
                            {entry.gamertag}
                          </span>
                        ) : (
                          <span className="ml-2 text-xs text-zinc-400">no gamer tag</span>
                        )}{" "}
                        <span
                          className="ml-1 inline-block rounded border border-ink-700 px-1 text-xs text-zinc-400"
                          data-testid="joined-from"
                          title="Joined from"
                        >
                          {LIVE_COPY.joinedFrom[entry.source]}
                        </span>
                        <span className="ml-2 text-xs text-zinc-400">{STATE_LABEL[entry.state]}</span>
                        <ReadyState ready={entry.ready} />
                        <AlertBadge outcome={entry.alert} />
                        <span className="ml-2 text-xs text-zinc-400" data-testid="plays" title="Turns played">
                          {entry.plays === 1 ? "1 turn played" : `${entry.plays} turns played`}
                        </span>
                      </span>
                      <Form method="post" className="flex gap-1">
                        <input type="hidden" name="intent" value="serve" />
                        <input type="hidden" name="id" value={entry.id} />
                        {[
                          ...(NEXT[entry.state] ?? []),
                          ...(entry.ready?.state === "pending" ? [SKIP] : []),
                          REMOVE,
                        ].map((move) => (
                          <button
                            key={move.to}
                            type="submit"
                            name="to"
                            value={move.to}
                            className={`${small} ${move.className ?? "bg-brand-600"}`}
                            aria-label={`${move.label}: ${entry.username}`}
                          >
                            {move.label}
                          </button>
                        ))}
                      </Form>
                    </li>
                  ))}
                </ol>
                {shown.length < total ? (
                  <Link
                    to={showAll(lane)}
                    preventScrollReset
                    className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-400 hover:text-brand-300"
                  >
                    Show all {total} in this queue ({total - shown.length} more)
                  </Link>
                ) : null}
              </div>
            );
          })}
        </section>
        <aside className="flex flex-col gap-5">
          <ReadyHistory history={current.history} />
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="lobbyCode" />
            <input type="hidden" name="liveSessionId" value={session.id} />
            <label htmlFor="lobbyCode" className="text-sm font-medium">
              Lobby code (shown to fans playing next and in game)
            </label>
            <input
              id="lobbyCode"
              name="lobbyCode"
              defaultValue={current.lobbyCode ?? ""}
              maxLength={64}
              className={inputClass}
            />
            <button type="submit" className="self-start rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold">
              Save lobby code
            </button>
          </Form>
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="streamingLink" />
            <input type="hidden" name="liveSessionId" value={session.id} />
            <label htmlFor="streamingLink" className="text-sm font-medium">
              Streaming link
            </label>
            <p id="streamingLink-hint" className="text-xs text-zinc-400">
              Where fans watch you. Leave it empty if you are not streaming this session.
            </p>
            <input
              id="streamingLink"
              name="streamingLink"
              aria-describedby="streamingLink-hint"
              defaultValue={session.streamingLink ?? ""}
              className={inputClass}
            />
            <button type="submit" className="self-start rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold">
              Update streaming link
            </button>
          </Form>
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="details" />
            <input type="hidden" name="liveSessionId" value={session.id} />
            <label htmlFor="title" className="text-sm font-medium">
              Title
            </label>
            <input id="title" name="title" defaultValue={session.title} maxLength={66} className={inputClass} />
            <label htmlFor="description" className="text-sm font-medium">
              Description
            </label>
            <textarea
              id="description"
              name="description"
              defaultValue={session.description}
              rows={3}
              className={inputClass}
            />
            <RequirementRows rows={session.requirements} />
            <TagInput id="session_tags" name="session_tags" defaultTags={session.tags} />
            <button type="submit" className="self-start rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold">
              Save details
            </button>
          </Form>
        </aside>
      </div>
    </>
  );
}
