import { formatDateTime, useViewerZone } from "~/features/time";

/**
 * A time in the viewer's zone as the server resolved it (docs/decisions/019-viewer-time-zone.md): the same text
 * in the first byte and after hydration.
 */
export function LocalTime({ value, className }: { value: Date | string | number; className?: string }) {
  const zone = useViewerZone();
  const date = new Date(value);
  return (
    <time dateTime={date.toISOString()} className={className} data-time-zone={zone}>
      {formatDateTime(date, zone)}
    </time>
  );
}
