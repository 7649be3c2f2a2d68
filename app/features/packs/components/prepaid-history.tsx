import { formatMoney, type Money } from "~/lib/money";

/** How many of a unit, signed ("+1 credit", "-2 places"). */
function signedCount(count: number, unit: string) {
  return `${count > 0 ? "+" : ""}${count} ${unit}${Math.abs(count) === 1 ? "" : "s"}`;
}

/**
 * The ledger of something bought in advance (a session pack's credits, a VIP pass's places), as the fan's profile
 * shows it: each entry's day, what it was, the credits or places it moved and their value.
 */
export function PrepaidHistory(props: {
  title: string;
  unit: string;
  entries: { id: string; on: string; text: string; count: number; value: Money }[];
}) {
  return (
    <details className="text-sm">
      <summary className="min-h-11 cursor-pointer py-2">{props.title}</summary>
      <ol className="flex flex-col gap-1 text-zinc-300">
        {props.entries.map((entry) => (
          <li key={entry.id}>
            {`${entry.on} · ${entry.text} · ${signedCount(entry.count, props.unit)} (${formatMoney(entry.value)})`}
          </li>
        ))}
      </ol>
    </details>
  );
}
