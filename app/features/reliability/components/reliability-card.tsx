import type { Reliability } from "../rules";

/**
 * A streamer's reliability on their public page: sessions started on time, VIP fans who played, the median VIP wait,
 * each from recorded data, or "not enough sessions yet" for a new streamer.
 */
export function ReliabilityCard({ reliability }: { reliability: Reliability }) {
  const { onTime, vipServed, medianVipWaitMinutes } = reliability;
  const none = !onTime && !vipServed;
  return (
    <section aria-labelledby="reliability-title" className="rounded-xl border border-ink-700 bg-ink-900 p-4 text-sm">
      <h2 id="reliability-title" className="mb-2 text-lg font-semibold">
        Reliability
      </h2>
      {none ? (
        <p className="text-zinc-300" data-testid="reliability-none">
          Not enough sessions yet.
        </p>
      ) : (
        <dl className="grid gap-2 sm:grid-cols-3" data-testid="reliability">
          <div>
            <dt className="text-zinc-300">Started on time</dt>
            <dd className="text-base font-semibold" data-testid="reliability-on-time">
              {onTime ? `${onTime.started} of the last ${onTime.of} sessions` : "Not enough sessions yet"}
            </dd>
          </div>
          <div>
            <dt className="text-zinc-300">VIP fans who played</dt>
            <dd className="text-base font-semibold" data-testid="reliability-vip">
              {vipServed ? `${vipServed.served} of ${vipServed.of}` : "Not enough sessions yet"}
            </dd>
          </div>
          <div>
            <dt className="text-zinc-300">Median VIP wait</dt>
            <dd className="text-base font-semibold" data-testid="reliability-wait">
              {medianVipWaitMinutes === null ? "Not enough sessions yet" : `${medianVipWaitMinutes} min`}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
