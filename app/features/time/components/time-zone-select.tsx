import { inputClass } from "~/lib/ui/field";
import type { ZoneOption } from "../time-zone.server";

/**
 * A time-zone picker: every zone by its city, its name and its offset as of today (timeZoneOptions, built on the
 * server). A plain select: it works without JavaScript, and typing a city's first letters jumps to it.
 */
export function TimeZoneSelect({
  id,
  name,
  options,
  defaultValue,
  error,
}: {
  id: string;
  name: string;
  options: ZoneOption[];
  defaultValue: string;
  error?: boolean;
}) {
  return (
    <select
      id={id}
      name={name}
      defaultValue={defaultValue}
      className={inputClass}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
