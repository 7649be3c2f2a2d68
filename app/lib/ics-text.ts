/**
 * Text for an iCalendar TEXT value (a summary, a description): every line separator (CRLF, CR or LF alone, VT, FF,
 * NEL U+0085, LINE SEPARATOR U+2028, PARAGRAPH SEPARATOR U+2029) becomes one newline, which the `ics` package writes
 * as the escaped `\n` RFC 5545 asks for. Left raw, some readers end the content line there, so a gig title or a
 * display name could add properties of its own to an event. Every builder of an .ics passes its text through here.
 */
export function icsText(value: string): string {
  return value.replace(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/g, "\n");
}

/**
 * Text for an iCalendar parameter value (a person's CN): RFC 5545 lets a quoted parameter hold no DQUOTE and no line
 * break, and escapes nothing in it, so they are written as RFC 6868 asks (`^'` for a quote, `^^` for a caret) and a
 * line separator becomes a space. The `ics` package quotes the value but writes a quote inside as `\"`, which a
 * reader takes as the end of the value (a streamer named `Nova "Ace"` came out as `Nova \`).
 */
export function icsParamText(value: string): string {
  return value
    .replace(/[\r\n\v\f\u0085\u2028\u2029]+/g, " ")
    .replace(/\^/g, "^^")
    .replace(/"/g, "^'");
}
