import { useEffect, useRef } from "react";

export type EarningsBar = { label: string; value: number; text: string };

/**
 * Earnings for 7, 30 and 90 days: always as a table of figures (readable without JavaScript and by screen
 * readers), and, once hydrated, as a bar chart drawn by Chartist, which is imported here only, so it loads
 * on the dashboard alone.
 */
export function EarningsChart({ bars, caption }: { bars: EarningsBar[]; caption: string }) {
  const chartRef = useRef<HTMLDivElement>(null);
  const key = bars.map((b) => `${b.label}:${b.value}`).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw when the figures change (key)
  useEffect(() => {
    let chart: { detach(): void } | undefined;
    let cancelled = false;
    (async () => {
      const [{ BarChart }] = await Promise.all([import("chartist"), import("chartist/dist/index.css")]);
      if (cancelled || !chartRef.current) return;
      chart = new BarChart(
        chartRef.current,
        { labels: bars.map((b) => b.label), series: [bars.map((b) => b.value)] },
        { axisY: { onlyInteger: true }, height: "220px" },
      );
    })();
    return () => {
      cancelled = true;
      chart?.detach();
    };
  }, [key]);
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
