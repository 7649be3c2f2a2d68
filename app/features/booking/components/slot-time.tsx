import { useEffect, useState } from "react";
import { browserTimeZone, formatSlotTime } from "../time-zone";

/**
 * A slot's date and times with the zone named: rendered on the server in the request's zone
 * (`request.cf.timezone`, what a page without JavaScript shows), then in the browser's own zone.
 */
export function SlotTime({
  startsAt,
  endsAt,
  serverTimeZone,
}: {
  startsAt: Date;
  endsAt: Date | null;
  serverTimeZone: string;
}) {
  const [zone, setZone] = useState(serverTimeZone);
  useEffect(() => setZone(browserTimeZone()), []);
  return (
    <time dateTime={new Date(startsAt).toISOString()} data-time-zone={zone}>
      {formatSlotTime(new Date(startsAt), endsAt ? new Date(endsAt) : null, zone)}
    </time>
  );
}

/** The browser's zone once hydrated (null before, and without JavaScript). */
export function useBrowserTimeZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(browserTimeZone()), []);
  return zone;
}
