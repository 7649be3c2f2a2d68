/**
 * A small iCalendar reader for tests (RFC 5545's content lines): unfolds continuation lines, splits each line
 * into its name, parameters and value, unescapes text, and groups VEVENT components. Enough to read a feed back
 * as a calendar app would: its structure, each event's UID, DTSTART/DTEND, STATUS, SUMMARY, DESCRIPTION, URL.
 */
export type IcsProperty = { name: string; params: Record<string, string>; value: string };
export type IcsEvent = Record<string, IcsProperty>;
export type IcsCalendar = { properties: IcsProperty[]; events: IcsEvent[]; components: string[] };

function unescapeText(value: string): string {
  return value.replace(/\\([nN,;\\])/g, (_m, c: string) => (c === "n" || c === "N" ? "\n" : c));
}

export function parseIcs(text: string): IcsCalendar {
  if (!text.includes("\r\n")) throw new Error("iCalendar lines must end in CRLF");
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter((line) => line !== "");
  const properties: IcsProperty[] = [];
  const events: IcsEvent[] = [];
  const components: string[] = [];
  const stack: string[] = [];
  let current: IcsEvent | null = null;
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon < 0) throw new Error(`not a content line: ${line}`);
    const [name = "", ...rawParams] = line.slice(0, colon).split(";");
    const params = Object.fromEntries(rawParams.map((p) => p.split("=") as [string, string]));
    const value = line.slice(colon + 1);
    if (name === "BEGIN") {
      stack.push(value);
      components.push(value);
      if (value === "VEVENT") current = {};
      continue;
    }
    if (name === "END") {
      if (stack.pop() !== value) throw new Error(`END:${value} does not close the open component`);
      if (value === "VEVENT" && current) {
        events.push(current);
        current = null;
      }
      continue;
    }
    const property = { name, params, value: unescapeText(value) };
    if (current && stack.at(-1) === "VEVENT") current[name] = property;
    else if (stack.length === 1) properties.push(property);
  }
  if (stack.length > 0) throw new Error(`unclosed ${stack.join(", ")}`);
  if (components[0] !== "VCALENDAR") throw new Error("not a VCALENDAR");
  return { properties, events, components };
}

/** An instant as iCalendar's UTC date-time (DTSTART:20270301T133000Z). */
export function icsUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}
