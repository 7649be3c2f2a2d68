/**
 * Words a program writes where a value was missing (JavaScript's `String(undefined)`, a JSON null, an object
 * printed as text). A person never means them as a name: a gamer tag that reads so was invented by a broken
 * form or client (issue 50: a form's reply wrote "undefined" into empty gamer-tag boxes), so the schemas refuse it as
 * if the field were empty.
 */
const PLACEHOLDERS = new Set(["undefined", "null", "nan", "[object object]"]);

/** True when `text` (trimmed, any case) is such a placeholder rather than something a person typed. */
export function isPlaceholderText(text: string): boolean {
  return PLACEHOLDERS.has(text.trim().toLowerCase());
}
