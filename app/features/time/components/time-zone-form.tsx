import { Form } from "react-router";
import type { ZoneOption } from "../time-zone.server";
import { TimeZoneSelect } from "./time-zone-select";

/**
 * The profile's time-zone setting (docs/decisions/019-viewer-time-zone.md): a plain form and select, so it works
 * without JavaScript. `current` is the zone the page is shown in (saved, else the browser's or Cloudflare's).
 */
export function TimeZoneForm({
  options,
  current,
  saved,
  error,
  buttonClass,
}: {
  options: ZoneOption[];
  current: string;
  saved: boolean;
  error?: string;
  buttonClass: string;
}) {
  return (
    <Form method="post" className="flex flex-col gap-3">
      <label htmlFor="timeZone" className="text-sm text-zinc-300">
        Times on Noobrd, in emails and in calendar invites are shown in this zone
        {saved ? "." : " (not saved yet: we use your browser's)."}
      </label>
      <TimeZoneSelect id="timeZone" name="timeZone" options={options} defaultValue={current} error={!!error} />
      {error ? (
        <p id="timeZone-error" className="text-sm text-red-400" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" name="intent" value="time-zone" className={`${buttonClass} self-start`}>
        Save time zone
      </button>
    </Form>
  );
}
