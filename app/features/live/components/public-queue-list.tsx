import { LIVE_COPY } from "../copy";
import type { OverlayPlace, PublicPlace, PublicQueuePayload } from "../events";
import { ordinal } from "../line";

/**
 * A place as the public sees it: its place in line (or "now" in game), the VIP mark, its public name and, for a
 * place joined from chat, the platform. The stream overlay lists its places with it too.
 */
export function PlaceLabel({ place, testId }: { place: OverlayPlace; testId?: string }) {
  return (
    <>
      <span className="w-10 shrink-0 text-right font-mono text-zinc-400" data-testid={testId}>
        {place.line !== null ? ordinal(place.line) : "now"}
      </span>
      {place.vip ? (
        <span className="shrink-0 rounded bg-amber-400 px-1.5 text-xs font-bold text-black" data-vip="">
          VIP
        </span>
      ) : null}
      <span className="min-w-0 truncate">{place.name}</span>
      {place.source !== "web" ? (
        <span
          className="shrink-0 rounded border border-ink-700 px-1 text-[0.65rem] text-zinc-400"
          data-source={place.source}
          title={`Joined from ${LIVE_COPY.joinedFrom[place.source]} chat`}
        >
          {LIVE_COPY.joinedFrom[place.source]}
        </span>
      ) : null}
    </>
  );
}

function Place({ place }: { place: PublicPlace }) {
  return (
    <li className="flex min-w-0 items-center gap-2 text-sm">
      <PlaceLabel place={place} />
      {place.waitMinutes !== null ? (
        <span className="ml-auto shrink-0 text-xs text-zinc-400">~{place.waitMinutes} min</span>
      ) : null}
    </li>
  );
}

/**
 * The queue as anyone sees it, logged in or not: who is in game, then the line in order of service by gamer tag or
 * handle, VIP places marked, each with its estimated wait. Follows the session's socket (publicQueueLiveSession).
 */
export function PublicQueueList({ view }: { view: PublicQueuePayload }) {
  const more = view.inLine - view.line.length;
  return (
    <section aria-label="The queue" className="flex flex-col gap-2 rounded-xl border border-ink-700 bg-ink-900 p-4">
      <h2 className="text-lg font-semibold">The queue</h2>
      {view.playing.length === 0 && view.line.length === 0 ? (
        <p className="text-sm text-zinc-400">Nobody in the queue yet.</p>
      ) : (
        <ol className="flex flex-col gap-1" data-testid="public-queue">
          {[...view.playing, ...view.line].map((place, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional and two fans may share a name
            <Place key={`${index}-${place.name}`} place={place} />
          ))}
        </ol>
      )}
      {more > 0 ? <p className="text-xs text-zinc-400">and {more} more in line</p> : null}
    </section>
  );
}
