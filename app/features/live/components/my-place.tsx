import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { formatMoney } from "~/lib/money";
import type { PartyConnection } from "~/lib/ui/use-party-socket";
import { LIVE_COPY } from "../copy";
import type { FanEndingPayload, FanPlacePayload } from "../events";
import { lineText } from "../line";
import { ReadyBanner } from "./ready-check";

const button = "rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-40";
const STATE_TEXT: Record<string, string> = {
  waiting: "Waiting",
  playing_next: "You are playing next!",
  in_game: "You are in the game",
};

/** A short buzz and beep where the browser allows them (a phone in a pocket, a tab in the background). */
function alertCalled() {
  try {
    navigator.vibrate?.([200, 100, 200]);
  } catch {
    // Not allowed here (no user gesture yet, or no vibration motor).
  }
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = 880;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.2);
    tone.onended = () => void audio.close();
  } catch {
    // No audio before the fan has touched the page: the pinned status still says it.
  }
}

/**
 * The fan's status pinned at the top of the page once they are called (playing next or in game), with the lobby
 * code: on a phone it stays in sight above the video, the tags and the description. The moment they are called the
 * phone vibrates and beeps where the browser allows it; until they confirm, it is their ready check.
 */
export function CalledBanner({
  place,
  connection,
}: {
  place: FanPlacePayload | null;
  connection: PartyConnection | null;
}) {
  const called = place?.state === "playing_next" || place?.state === "in_game";
  const wasCalled = useRef(called);
  useEffect(() => {
    if (called && !wasCalled.current) alertCalled();
    wasCalled.current = called;
  }, [called]);
  if (!place || !called) return null;
  // Called and not confirmed yet: the ready check's countdown and Confirm.
  if (place.ready?.state === "pending") return <ReadyBanner place={place} connection={connection} />;
  return (
    <div
      role="status"
      data-testid="called-banner"
      className="sticky top-0 z-40 -mx-4 rounded-b-xl bg-brand-600 px-4 py-3 text-base font-semibold shadow-lg"
    >
      {place.state === "playing_next" ? "You're up" : "You're in the game"}
      {place.lobbyCode ? (
        <>
          : lobby code <span className="font-mono">{place.lobbyCode}</span>
        </>
      ) : (
        ": the streamer will give the lobby code"
      )}
    </div>
  );
}

/** The fan's own place: where they stand in line, their state, the estimated wait, the lobby code and Leave. */
export function MyPlace({ place }: { place: FanPlacePayload }) {
  return (
    <div className="flex flex-col gap-2" data-testid="my-place">
      <p className="text-lg" data-testid="my-line">
        {place.lane === "vip" ? "VIP place · " : ""}
        <strong data-testid="my-position">
          {lineText({
            position: place.line,
            lane: place.lane,
            vipAhead: place.vipAhead,
            vipPerRegular: place.vipPerRegular,
          })}
        </strong>
      </p>
      <p className="text-sm text-zinc-300" data-testid="my-state">
        {STATE_TEXT[place.state] ?? place.state}
        {place.state === "waiting" ? ` · estimated wait ${place.estimatedWaitMinutes} min` : ""}
      </p>
      {place.lobbyCode ? (
        <p className="text-sm">
          Lobby code:{" "}
          <strong className="font-mono" data-testid="lobby-code">
            {place.lobbyCode}
          </strong>
        </p>
      ) : null}
      <Form method="post">
        <input type="hidden" name="entryId" value={place.entryId} />
        <button type="submit" name="intent" value="leave" className={`${button} bg-ink-700`}>
          Leave queue
        </button>
      </Form>
    </div>
  );
}

/** What the session's end did to a fan still in the queue: not reached, played, or the VIP place refunded (the amount). */
export function MyEnding({ ending }: { ending: FanEndingPayload | null }) {
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="my-ending">
      <p className="text-zinc-400">This live session has ended.</p>
      {ending?.outcome === "refunded" ? (
        ending.passUse ? (
          <p>The streamer did not reach your VIP place: your VIP pass place is back.</p>
        ) : (
          <p>
            The streamer did not reach your VIP place: <strong>{formatMoney(ending.refund)}</strong> is refunded to your
            wallet.
          </p>
        )
      ) : ending?.outcome === "not_reached" ? (
        <p>{LIVE_COPY.endedBeforeTurn}</p>
      ) : ending?.outcome === "played" ? (
        <p>{LIVE_COPY.youPlayed}</p>
      ) : null}
    </div>
  );
}
