/** A slot's seats left as every page says it ("2 of 3 seats left", "Full"): cards, the gig page's time picker. */
export function SeatsLeft({ left, of }: { left: number; of: number }) {
  if (left <= 0) return <span className="rounded bg-ink-800 px-2 py-1 text-xs text-zinc-400">Full</span>;
  return (
    <span className="rounded bg-emerald-950 px-2 py-1 text-xs text-emerald-300">
      {left} of {of} {of === 1 ? "seat" : "seats"} left
    </span>
  );
}
