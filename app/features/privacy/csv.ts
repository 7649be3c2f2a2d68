/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; a formula's first sign defused. */
function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // A spreadsheet runs a cell starting with = + - @ as a formula (CSV injection): a leading quote keeps it text.
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}
