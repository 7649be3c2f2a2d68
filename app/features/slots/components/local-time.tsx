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

/** A time-zone field, filled with the viewer's zone (the streamer types slot times in it). */
export function TimeZoneInput({ name, id }: { name: string; id: string }) {
  const zone = useViewerZone();
  return (
    <input
      id={id}
      name={name}
      defaultValue={zone}
      className="w-full rounded-lg border border-ink-700 bg-ink-800 px-3 py-2 text-sm"
    />
  );
}
