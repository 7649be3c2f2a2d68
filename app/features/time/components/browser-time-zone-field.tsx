import { useEffect, useRef } from "react";
import { validTimeZone } from "../zone";

/**
 * A hidden field carrying the browser's zone (sign-up, docs/decisions/019-viewer-time-zone.md). Empty in the
 * server's HTML; filled once hydrated. Without JavaScript it stays empty and the server takes the tz cookie or
 * Cloudflare's zone. Nothing visible changes.
 */
export function BrowserTimeZoneField({ name }: { name: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const zone = validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (ref.current && zone) ref.current.value = zone;
  }, []);
  return <input ref={ref} type="hidden" name={name} defaultValue="" data-testid="browser-time-zone" />;
}
