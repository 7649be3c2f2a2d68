import { useEffect, useState } from "react";
import { Form } from "react-router";
import { formatClock, useViewerZone } from "~/features/time";
import { formatMoney } from "~/lib/money";
import type { PartyConnection } from "~/lib/ui/use-party-socket";
import type { QueueEventCause } from "~db/schema/live";
import { LIVE_COPY } from "../copy";
import { type FanPlacePayload, LIVE_EVENTS } from "../events";
import { ordinal } from "../line";
import { countdownText, type QueueEventPayload, type ReadyCheck } from "../ready-check";

/** A 44 px tap target. */
const target = "min-h-11 rounded-lg px-4 text-base font-semibold";

/** The time left until `deadline`, ticking every half second with JavaScript (the server's render says it once). */
export function Countdown({ deadline, testId }: { deadline: number; testId: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(tick);
  }, []);
  return (
    <span className="font-mono tabular-nums" data-testid={testId} suppressHydrationWarning>
      {countdownText(deadline - now)}
    </span>
  );
}

/**
 * The fan's ready check, pinned at the top of the live page once called: "Ready? 1:59" and Confirm. Confirm is a plain
 * form (it works without JavaScript); with the socket up it sends the confirmation over it instead.
 */
export function ReadyBanner({ place, connection }: { place: FanPlacePayload; connection: PartyConnection | null }) {
  const ready = place.ready;
  if (ready?.state !== "pending") return null;
  return (
    <Form
      method="post"
      role="status"
      aria-live="polite"
      data-testid="ready-banner"
      className="sticky top-0 z-40 -mx-4 flex flex-wrap items-center justify-between gap-3 rounded-b-xl bg-amber-500 px-4 py-3 text-base font-semibold text-ink-950 shadow-lg"
      onSubmit={(event) => {
        if (!connection) return;
        event.preventDefault();
        connection.send({ event: LIVE_EVENTS.ready, data: { entryId: place.entryId } });
      }}
    >
      <span>
        Ready? <Countdown deadline={ready.deadline} testId="ready-countdown" />
      </span>
      <input type="hidden" name="entryId" value={place.entryId} />
      <button type="submit" name="intent" value="ready" className={`${target} bg-ink-950 text-white`}>
        Confirm
      </button>
    </Form>
  );
}

/** What a missed ready check did, as the fan is told it (the messages' one wording). */
function missedText(step: QueueEventPayload): string | null {
  if (step.cause === "streamer" || step.cause === "session_ended") return null;
  if (step.kind === "moved_back")
    return LIVE_COPY.missedMovedBack(step.line === null ? "the line" : ordinal(step.line));
  if (step.kind === "removed") return LIVE_COPY.missedRemoved;
  if (step.kind === "refunded") {
    if (step.passUse) return LIVE_COPY.missedPassReturned;
    return step.refund ? LIVE_COPY.missedRefunded(formatMoney(step.refund)) : LIVE_COPY.missedRemoved;
  }
  return null;
}

/** The fan's latest step, when it was a missed ready check: what became of their place. */
export function MissedNotice({ history }: { history: readonly QueueEventPayload[] }) {
  const latest = history[0];
  const text = latest ? missedText(latest) : null;
  if (!text) return null;
  return (
    <p role="status" data-testid="ready-missed" className="rounded-lg border border-amber-600 px-3 py-2 text-sm">
      {text}
    </p>
  );
}

/** A called fan's ready state on the queue dashboard: counting down, or confirmed. */
export function ReadyState({ ready }: { ready: ReadyCheck | null }) {
  if (!ready) return null;
  if (ready.state === "confirmed") {
    return (
      <span className="ml-2 text-xs font-semibold text-emerald-400" data-testid="ready-state">
        Ready ✓
      </span>
    );
  }
  return (
    <span className="ml-2 text-xs font-semibold text-amber-400" data-testid="ready-state">
      Ready? <Countdown deadline={ready.deadline} testId="ready-countdown" />
    </span>
  );
}

/** Why a place was moved back, removed or refunded, as the history says it. */
const CAUSE_TEXT: Record<QueueEventCause, string> = {
  absent: "was not on the page",
  not_confirmed: "did not confirm",
  skipped: "skipped by the streamer",
  streamer: "removed by the streamer",
  session_ended: "the session ended",
};

function causeOf(step: QueueEventPayload): string {
  return step.cause ? CAUSE_TEXT[step.cause] : "missed the ready check";
}

/** What came back of a removed VIP place: its refund, or its VIP pass's use (ADR 032). */
const refundOf = (step: QueueEventPayload) =>
  step.passUse
    ? "VIP pass place given back"
    : `VIP place refunded${step.refund ? ` (${formatMoney(step.refund)})` : ""}`;

const STEP_TEXT: Record<QueueEventPayload["kind"], (step: QueueEventPayload) => string> = {
  called: () => "called: ready check started",
  confirmed: () => "confirmed they are ready",
  moved_back: (step) => `${causeOf(step)}: moved back to ${step.line === null ? "the line" : ordinal(step.line)}`,
  removed: (step) =>
    step.cause === "streamer" ? "removed by the streamer" : `${causeOf(step)}: removed from the queue`,
  refunded: (step) =>
    step.cause === "streamer"
      ? `removed by the streamer: ${refundOf(step)}`
      : `${causeOf(step)}: removed, ${refundOf(step)}`,
  played: () => "played",
  left: () => "left the queue",
};

/** One step as the history says it: "@fan was not on the page: moved back to 4th". */
function stepText(step: QueueEventPayload): string {
  return `${step.username} ${STEP_TEXT[step.kind](step)}`;
}

/** The session's latest steps, newest first, on the queue dashboard, at the viewer's clock (their zone). */
export function ReadyHistory({ history }: { history: readonly QueueEventPayload[] }) {
  const zone = useViewerZone();
  return (
    <section aria-label="History" className="rounded-lg border border-ink-700 bg-ink-900 p-4 text-sm">
      <h2 className="mb-2 text-lg font-semibold">History</h2>
      {history.length === 0 ? (
        <p className="text-zinc-400">Nobody has been called yet.</p>
      ) : (
        <ol className="flex flex-col gap-1" data-testid="ready-history">
          {history.map((step) => (
            <li key={step.id} className="flex gap-2">
              <time className="shrink-0 font-mono text-zinc-400" dateTime={new Date(step.at).toISOString()}>
                {formatClock(step.at, zone, { seconds: true })}
              </time>
              <span className="min-w-0 break-words">{stepText(step)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
