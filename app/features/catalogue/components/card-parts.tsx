/**
 * The small parts of the catalogue's cards (cards.tsx) that pages also use on their own: the gig page shows a cover,
 * the LIVE badge and seats left without loading the cards themselves and their favourite buttons.
 */

/**
 * An image, or the label's initials on the colour when there is none. `width` and `height` give the browser its
 * shape before it loads (the classes size it); `priority` is for the one image at the top of a page (loaded at
 * once, fetched early), every other image loads lazily as it nears the viewport.
 */
export function Thumb({
  url,
  label,
  color,
  className = "",
  width,
  height,
  priority = false,
}: {
  url: string | null;
  label: string;
  color?: string | null;
  className?: string;
  width: number;
  height: number;
  priority?: boolean;
}) {
  if (url) {
    return (
      <img
        src={url}
        alt=""
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        className={`object-cover ${className}`}
      />
    );
  }
  const initials = label
    .split(/\s+/)
    .map((word) => word[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <div
      aria-hidden="true"
      className={`grid place-items-center text-2xl font-extrabold text-white/80 ${className}`}
      style={{ background: `linear-gradient(150deg, ${color ?? "#4c1d95"}, #13111d 80%)` }}
    >
      {initials}
    </div>
  );
}

export function LiveBadge() {
  return <span className="rounded bg-red-600 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-white">LIVE</span>;
}
