import { useViewerZone } from "~/features/time/components/viewer-zone";
import { formatSlotTime } from "~/features/time/format";

/**
 * A slot's date and times with the zone named, in the viewer's zone as the server resolved it
 * (docs/decisions/019-viewer-time-zone.md): the first byte and the hydrated page say the same.
 */
export function SlotTime({ startsAt, endsAt }: { startsAt: Date | string; endsAt: Date | string | null }) {
  const zone = useViewerZone();
  return (
    <time dateTime={new Date(startsAt).toISOString()} data-time-zone={zone}>
      {formatSlotTime(new Date(startsAt), endsAt ? new Date(endsAt) : null, zone)}
    </time>
  );
}
