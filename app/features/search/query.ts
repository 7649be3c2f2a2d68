/**
 * Turns what a user typed into an FTS5 MATCH expression: every word becomes a quoted prefix term
 * ("fort"* "nite"*), all of which must match. Quoting makes FTS5 syntax in the input (AND, OR, NEAR,
 * column filters, quotes, stars) plain text, so any input is safe. Returns null when nothing searchable
 * is left.
 */
const MAX_TERMS = 6;
const MAX_TERM_LENGTH = 40;

export function searchTerms(text: string): string[] {
  const words =
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_TERMS).map((word) => word.slice(0, MAX_TERM_LENGTH));
}

export function toMatchQuery(text: string, column?: string): string | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  const expression = terms.map((term) => `"${term}"*`).join(" ");
  return column ? `{${column}} : (${expression})` : expression;
}
