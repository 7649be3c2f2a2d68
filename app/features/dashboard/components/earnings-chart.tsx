import { useEffect, useRef } from "react";

export type EarningsBar = { label: string; value: number; text: string };

/**
 * Earnings for 7, 30 and 90 days: always as a table of figures (readable without JavaScript and by screen
 * readers), and, once hydrated, as a bar chart drawn by Chartist, which is imported here only, so it loads
 * on the dashboard alone.
 */
export function EarningsChart({ bars, caption, currency }: { bars: EarningsBar[]; caption: string; currency: string }) {
  const chartRef = useRef<HTMLDivElement>(null);
  const key = bars.map((b) => `${b.label}:${b.value}`).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw when the figures change (key)
  useEffect(() => {
    let chart: { detach(): void } | undefined;
    let cancelled = false;
    (async () => {
      const [{ BarChart }] = await Promise.all([import("chartist"), import("chartist/dist/index.css")]);
      if (cancelled || !chartRef.current) return;
      // The axis reads in the streamer's currency, compactly ("₹1.2K", "$30"), in light text on the dark card.
      const axis = new Intl.NumberFormat(undefined, {
        style: "currency",
        currency,
        notation: "compact",
        maximumFractionDigits: 1,
      });
      chart = new BarChart(
        chartRef.current,
        { labels: bars.map((b) => b.label), series: [bars.map((b) => b.value)] },
        {
          axisY: { onlyInteger: true, labelInterpolationFnc: (value) => axis.format(Number(value)), offset: 56 },
          chartPadding: { left: 8, right: 8, top: 12, bottom: 0 },
          height: "220px",
        },
      );
    })();
    return () => {
      cancelled = true;
      chart?.detach();
    };
  }, [key, currency]);
  return (
    <figure className="flex flex-col gap-3">
      <div ref={chartRef} aria-hidden="true" className="earnings-chart" data-testid="earnings-chart" />
      <table className="w-full text-sm">
        <caption className="text-left text-zinc-400">{caption}</caption>
        <thead>
          <tr className="text-left text-zinc-400">
            <th scope="col">Period</th>
            <th scope="col">Net earnings</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <th scope="row" className="py-1 text-left font-normal">
                {bar.label}
              </th>
              <td>{bar.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
