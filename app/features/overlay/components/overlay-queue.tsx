import { useEffect, useRef, useState } from "react";
import { LIVE_EVENTS, type OverlayPayload, type OverlayPlace, PlaceLabel } from "~/features/live";
import { reloadOnce } from "~/lib/ui/reload-once";
import { usePartySocket } from "~/lib/ui/use-party-socket";
import type { OverlayQueueView } from "../overlay.server";

/** How often an offline overlay looks for the streamer's next session (by reloading itself). */
const OFFLINE_RECHECK_MS = 15_000;

const box = "rounded-xl bg-black/70 px-4 py-3 text-white shadow-lg";

/**
 * The live queue on stream (OBS browser source, 400 px wide): who is in game, the next five with VIP places
 * marked, the queue's length and where to join. It follows the live session's socket, admitted by the overlay
 * key; between sessions it says "offline" and looks again every 15 seconds.
 */
export function OverlayQueue({ view, overlayKey }: { view: OverlayQueueView; overlayKey: string }) {
  const [frame, setFrame] = useState<OverlayPayload | null>(null);
  const live = view.live;
  const { connected } = usePartySocket(
    "live-session",
    live?.liveSessionId ?? null,
    (received) => {
      if (received.event !== LIVE_EVENTS.overlay) return;
      const payload = received.data as OverlayPayload;
      setFrame((current) => (current && current.version > payload.version ? current : payload));
    },
    { overlay: overlayKey },
  );
  // A replaced key closes this socket (code 4004, on which the page reloads); where a proxy drops the close code the
  // socket only drops and cannot come back. So a dropped connection asks whether this URL still answers, and a 404
  // reloads the page into it: a leaked overlay URL stops showing the queue at once.
  const wasConnected = useRef(false);
  useEffect(() => {
    if (connected) {
      wasConnected.current = true;
      return;
    }
    if (!wasConnected.current) return;
    let cancelled = false;
    // (usePartySocket reloads on the 4004 itself; the check runs after a moment, and reloadOnce never reloads twice.)
    const check = () =>
      fetch(window.location.href, { method: "HEAD", cache: "no-store" })
        .then((response) => {
          if (!cancelled && response.status === 404) reloadOnce();
        })
        .catch(() => undefined);
    const timer = setTimeout(check, 1_000);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [connected]);
  const queue = connected && frame && frame.liveSessionId === live?.liveSessionId ? frame : (live?.queue ?? null);
  const offline = !live || !queue || queue.ended;
  // Offline, it looks again now and then by reloading itself (its key's URL answers only exactly: no `.data`).
  useEffect(() => {
    if (!offline) return;
    const timer = setInterval(() => window.location.reload(), OFFLINE_RECHECK_MS);
    return () => clearInterval(timer);
  }, [offline]);

  if (offline || !live || !queue) {
    return (
      <div className="w-full max-w-[400px] p-2" data-overlay="queue" data-state="offline">
        <p className={box} data-testid="overlay-offline">
          {view.streamerName}'s queue is offline
        </p>
      </div>
    );
  }
  return (
    <div
      className="flex w-full max-w-[400px] flex-col gap-2 p-2 text-sm"
      data-overlay="queue"
      data-state="live"
      data-connected={connected ? "" : undefined}
    >
      <section aria-label="Playing now" className={box}>
        <h2 className="text-xs font-semibold uppercase tracking-wide text-zinc-300">Playing now</h2>
        <p className="mt-1 break-words text-base font-semibold" data-testid="overlay-playing">
          {queue.playing.length > 0 ? queue.playing.map((place) => place.name).join(", ") : "Nobody yet"}
        </p>
      </section>
      <section aria-label="Up next" className={box}>
        <h2 className="text-xs font-semibold uppercase tracking-wide text-zinc-300">Up next</h2>
        {queue.next.length > 0 ? (
          <ol className="mt-1 flex flex-col gap-1" data-testid="overlay-next">
            {queue.next.map((place, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional and two fans may share a tag
              <NextPlace key={`${index}-${place.name}`} place={place} />
            ))}
          </ol>
        ) : (
          <p className="mt-1 text-zinc-300" data-testid="overlay-next-empty">
            The queue is empty
          </p>
        )}
        <p className="mt-2 text-xs text-zinc-300" data-testid="overlay-length">
          {queue.queueLength} in queue
        </p>
      </section>
      <p className={`${box} break-words text-xs`} data-testid="overlay-join">
        Join at <span className="font-semibold">{live.joinText}</span>
      </p>
    </div>
  );
}

/** One place up next, numbered with its place in line (the number the fan's page and the queue dashboard show). */
function NextPlace({ place }: { place: OverlayPlace }) {
  return (
    <li className="flex min-w-0 items-center gap-2">
      <PlaceLabel place={place} testId="overlay-line" />
    </li>
  );
}
