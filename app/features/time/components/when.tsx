import { formatWhen } from "../format";
import { useViewerZone } from "./viewer-zone";

/**
 * A moment as the viewer reads it (formatWhen, in the zone the server resolved: docs/decisions/019-viewer-time-zone.md),
 * the same text in the first byte and after hydration. Nothing (not even the element) for a missing value.
 */
export function When({ at, className }: { at: Date | number | string | null | undefined; className?: string }) {
  const zone = useViewerZone();
  if (at === null || at === undefined) return null;
  const date = new Date(at);
  return (
    <time dateTime={date.toISOString()} className={className} data-time-zone={zone}>
      {formatWhen(date, zone)}
    </time>
  );
}
