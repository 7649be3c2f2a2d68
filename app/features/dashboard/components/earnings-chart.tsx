import { useEffect, useRef } from "react";
import type { CurrencyCode } from "~/lib/money";
import { axisFormatter } from "~/lib/money-math";

/** One currency's bars (whole units, drawing only): amounts of different currencies are never stacked or added. */
type EarningsSeries = { currency: CurrencyCode; values: number[] };

type Props = {
  labels: string[];
  series: EarningsSeries[];
  /** Each period's figures, one line per currency. */
  rows: { label: string; lines: string[] }[];
  caption: string;
};

/**
 * Earnings for 7, 30 and 90 days: always as a table of figures (readable without JavaScript and by screen
 * readers), and, once hydrated, as a bar chart drawn by Chartist, which is imported here only, so it loads
 * on the dashboard alone. Earnings in several currencies get one chart each, each on its own axis.
 */
export function EarningsChart({ labels, series, rows, caption }: Props) {
  return (
    <figure className="flex flex-col gap-3">
      {series.map((one) => (
        <CurrencyBars key={one.currency} labels={labels} series={one} titled={series.length > 1} />
      ))}
      <table className="w-full text-sm">
        <caption className="text-left text-zinc-400">{caption}</caption>
        <thead>
          <tr className="text-left text-zinc-400">
            <th scope="col">Period</th>
            <th scope="col">Net earnings</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="py-1 text-left font-normal">
                {row.label}
              </th>
              <td>
                {row.lines.map((line) => (
                  <span key={line} className="block py-0.5">
                    {line}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function CurrencyBars({ labels, series, titled }: { labels: string[]; series: EarningsSeries; titled: boolean }) {
  const chartRef = useRef<HTMLDivElement>(null);
  const currency = series.currency;
  const key = series.values.join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw when the figures change (key)
  useEffect(() => {
    let chart: { detach(): void } | undefined;
    let cancelled = false;
    (async () => {
      const [{ BarChart }] = await Promise.all([import("chartist"), import("chartist/dist/index.css")]);
      if (cancelled || !chartRef.current) return;
      // The axis reads in the streamer's currency, compactly ("₹1.2K", "$30"), in light text on the dark card.
      const axis = axisFormatter(currency);
      chart = new BarChart(
        chartRef.current,
        { labels, series: [series.values] },
        {
          axisY: { onlyInteger: true, labelInterpolationFnc: (value) => axis(Number(value)), offset: 56 },
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
    <div aria-hidden="true">
      {titled ? <p className="text-xs text-zinc-400">{currency}</p> : null}
      <div ref={chartRef} className="earnings-chart" data-testid="earnings-chart" />
    </div>
  );
}
