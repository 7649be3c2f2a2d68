/** A slot's seats left in words, as every page says it: "2 of 3 seats left", "Full". */
export function seatsLeftWords(left: number, of: number): string {
  return left <= 0 ? "Full" : `${left} of ${of} ${of === 1 ? "seat" : "seats"} left`;
}

/** A slot's seats left as every page shows it ("2 of 3 seats left", "Full"): cards, the gig page's time picker. */
export function SeatsLeft({ left, of, words }: { left: number; of: number; words?: string }) {
  const text = words ?? seatsLeftWords(left, of);
  if (left <= 0) return <span className="rounded bg-ink-800 px-2 py-1 text-xs text-zinc-400">{text}</span>;
  return <span className="rounded bg-emerald-950 px-2 py-1 text-xs text-emerald-300">{text}</span>;
}
