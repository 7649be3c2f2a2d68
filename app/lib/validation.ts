import { z } from "~/lib/zod";

/**
 * Validation pieces every door shares. `firstIssue` is the one message a 400 answer carries; with
 * `withPath` it names the field (query strings, where the user did not type a labelled field).
 */
export function firstIssue(error: z.ZodError, options: { withPath?: boolean; fallback?: string } = {}): string {
  const issue = error.issues[0];
  if (!issue) return options.fallback ?? "Invalid request";
  const field = issue.path.join(".");
  if (!options.withPath || !field || issue.message.startsWith(field)) return issue.message;
  return `${field}: ${issue.message}`;
}

/** An email address as every form and API takes it: trimmed, lower-cased, at most 254 characters. */
export const emailSchema = z
  .string({ error: "Please enter your email" })
  .trim()
  .toLowerCase()
  .email("Please enter a valid email address")
  .max(254, "Email is too long");

/** URL parameters as a plain object; repeated keys (tags) become arrays. */
export function paramsObject(params: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    object[key] = all.length > 1 ? all : (all[0] ?? "");
  }
  return object;
}

/**
 * The one text rule beside trimming and the length of the database's CHECKs: no control characters. SQLite counts a
 * string's length only up to its first NUL, so "\0title" passed a Zod length check and then failed the CHECK (a 500);
 * every schema of user-typed text refuses them here with a 400 instead. Multi-line text may keep its line breaks
 * and tabs (`multiline`).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's purpose.
const CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's purpose.
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's purpose.
const CONTROL_ALL = /[\u0000-\u001f\u007f]/g;

/** The text without its control characters (for input cleaned as typed, such as tags). */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_ALL, "");
}
const CONTROL_CHARACTERS_MESSAGE = "Remove the invisible control characters from this text";

function hasControlCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_BUT_LINES : CONTROL).test(text);
}

/** Text of one line (a title, a tag, a code, a name): refuses control characters. */
export function singleLine<S extends z.ZodString>(schema: S) {
  return schema.refine((text) => !hasControlCharacters(text), CONTROL_CHARACTERS_MESSAGE);
}

/** Text of several lines (a description, a message): line breaks and tabs allowed, other control characters refused. */
export function multiLine<S extends z.ZodString>(schema: S) {
  return schema.refine((text) => !hasControlCharacters(text, { multiline: true }), CONTROL_CHARACTERS_MESSAGE);
}
