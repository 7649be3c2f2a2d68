import { useEffect, useState } from "react";
import { browserTimeZone } from "~/features/booking/time-zone";

const utcFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * A time shown in the viewer's own time zone (docs/architecture.md: stored UTC, shown in the viewer's zone). The
 * server renders UTC (labelled); the browser re-renders it in its own zone once hydrated.
 */
export function LocalTime({ value, className }: { value: Date | string | number; className?: string }) {
  const ms = new Date(value).getTime();
  const date = new Date(ms);
  const [text, setText] = useState(`${utcFormat.format(date)} UTC`);
  useEffect(() => {
    setText(new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms)));
  }, [ms]);
  return (
    <time dateTime={date.toISOString()} className={className}>
      {text}
    </time>
  );
}

/** A time-zone field: the request's zone (Cloudflare) without JavaScript, the browser's own zone with it. */
export function TimeZoneInput({ name, id, serverZone }: { name: string; id: string; serverZone: string }) {
  const [zone, setZone] = useState(serverZone);
  useEffect(() => setZone(browserTimeZone()), []);
  return (
    <input
      id={id}
      name={name}
      value={zone}
      onChange={(event) => setZone(event.target.value)}
      className="w-full rounded-lg border border-ink-700 bg-ink-800 px-3 py-2 text-sm"
    />
  );
}
