/**
 * A streamer's reliability in public (docs/domain.md "Reliability"): from recorded data only, the last booked sessions'
 * starts against their times, the VIP fans of their live sessions served or not, and how long served VIP fans
 * waited. Pure and browser-safe: the server reads the rows (reliability.server.ts), these rules make the figures.
 */

/** A booked session counts as started on time when its streamer pressed Start at most this long after its start. */
export const ON_TIME_GRACE_MS = 5 * 60_000;
/** How many of the latest booked sessions the on-time figure looks at. */
export const RECENT_SESSIONS = 20;
/** How many of the latest VIP places (served or not) the VIP figures look at. */
export const RECENT_VIP_PLACES = 100;
/** Fewer than this many sessions (or VIP places) and the page says "not enough sessions yet" instead of a figure. */
export const MIN_SAMPLE = 3;

/** A booked session that came due: started (when) or found a streamer no-show. */
export type SessionStart = { startsAt: number; startedAt: number | null };
/** A VIP place that ended: served (played) or refunded (not served), and when the fan joined and went in game. */
export type VipPlace = { served: boolean; joinedAt: number; inGameAt: number | null };

export type Reliability = {
  onTime: { started: number; of: number } | null;
  vipServed: { served: number; of: number } | null;
  /** The median minutes a served VIP fan waited from joining to going in game. */
  medianVipWaitMinutes: number | null;
};

export function startedOnTime(session: SessionStart): boolean {
  return session.startedAt !== null && session.startedAt <= session.startsAt + ON_TIME_GRACE_MS;
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The figures from the recorded rows: each null when there are fewer than MIN_SAMPLE to say it from. */
export function reliabilityOf(sessions: readonly SessionStart[], vip: readonly VipPlace[]): Reliability {
  const recent = sessions.slice(0, RECENT_SESSIONS);
  const places = vip.slice(0, RECENT_VIP_PLACES);
  const waits = places.flatMap((place) =>
    place.served && place.inGameAt !== null ? [Math.max(0, place.inGameAt - place.joinedAt)] : [],
  );
  const wait = median(waits);
  return {
    onTime: recent.length >= MIN_SAMPLE ? { started: recent.filter(startedOnTime).length, of: recent.length } : null,
    vipServed:
      places.length >= MIN_SAMPLE ? { served: places.filter((place) => place.served).length, of: places.length } : null,
    medianVipWaitMinutes: waits.length >= MIN_SAMPLE && wait !== null ? Math.round(wait / 60_000) : null,
  };
}
