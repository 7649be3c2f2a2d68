import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The one logger of the server (docs/decisions/021-logging.md): every line is one JSON object,
 * `{ level, event, requestId?, route?, userId?, ...fields }`, written through the console method of its level so
 * Workers Logs (wrangler.toml `[observability]`) files it under that level. The request's context is opened by
 * workers/fetch.ts around each request (as after-response.server.ts does for waitUntil) and found here without
 * threading it through every call; a use case that learns who the viewer is adds the userId. Fields pass through
 * `redact` first: secrets, bank details and credentials are never written, email addresses only masked (also inside
 * free text such as an error's message).
 */
export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;
export type LogContext = { requestId?: string; route?: string; userId?: string };

const scope = new AsyncLocalStorage<LogContext>();

/** Runs `run` with a log context; lines written inside it (awaited work included) carry its fields. */
export function withLogContext<T>(context: LogContext, run: () => T): T {
  return scope.run(context, run);
}

/** Records who the viewer is on the current request's context (a no-op outside a request). */
export function setLogUserId(userId: string): void {
  const context = scope.getStore();
  if (context) context.userId = userId;
}

export const REDACTED = "[redacted]";

/** Paths that carry a secret key right after their prefix (the private calendar feed, the stream overlay). */
const SECRET_PATH = /^\/(calendar-feed|overlay)\/[^/]+/;

/** A request path as it may be logged: a private feed's key replaced by "[redacted]". */
export function loggablePath(pathname: string): string {
  return pathname.replace(SECRET_PATH, (_match, prefix: string) => `/${prefix}/${REDACTED}`);
}

/**
 * Keys whose values are never logged, wherever they are nested: credentials (password, token, secret, api key,
 * signature, authorization, cookie, session secret) and bank or card details (IBAN, account number, IFSC, routing,
 * card). Matched case-insensitively inside the key, so `accessToken`, `Set-Cookie` and `bankAccountNumber` match.
 */
const SECRET_KEY =
  /password|passphrase|passwd|token|secret|authori[sz]ation|cookie|api[-_]?key|signature|iban|account[-_]?(number|no)|ifsc|routing|card|cvc|cvv/i;

/** Keys that hold an email address: kept only as its first letter and domain (a***@example.com). */
const EMAIL_KEY = /e-?mail/i;

const MAX_DEPTH = 6;

export function maskEmail(value: string): string {
  const at = value.lastIndexOf("@");
  if (at < 1) return REDACTED;
  return `${value[0]}***${value.slice(at)}`;
}

/** An address inside free text (a driver's error message quoting a query, say): masked the same way. */
const EMAIL_IN_TEXT = /([A-Za-z0-9])[A-Za-z0-9._%+-]*(@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;

function maskEmailsIn(text: string): string {
  return text.includes("@") ? text.replace(EMAIL_IN_TEXT, "$1***$2") : text;
}

/** A copy of `value` safe to log: secret keys replaced by "[redacted]", emails masked, errors made plain. */
export function redact(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string") return maskEmailsIn(value);
  if (typeof value !== "object") return typeof value === "function" ? undefined : value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (seen.has(value)) return "[circular]";
  if (depth >= MAX_DEPTH) return "[nested]";
  seen.add(value);
  if (value instanceof Error) {
    const plain: LogFields = { name: value.name, message: maskEmailsIn(value.message) };
    if (value.stack) plain.stack = maskEmailsIn(value.stack);
    if (value.cause !== undefined) plain.cause = redact(value.cause, depth + 1, seen);
    return redactEntries(Object.entries(value), plain, depth, seen);
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1, seen));
  if (value instanceof Headers || value instanceof Map) {
    return redactEntries(
      [...value.entries()].map(([key, item]) => [String(key), item]),
      {},
      depth,
      seen,
    );
  }
  return redactEntries(Object.entries(value), {}, depth, seen);
}

function redactEntries(entries: [string, unknown][], into: LogFields, depth: number, seen: WeakSet<object>): LogFields {
  for (const [key, item] of entries) {
    if (SECRET_KEY.test(key)) into[key] = REDACTED;
    else if (EMAIL_KEY.test(key) && typeof item === "string") into[key] = maskEmail(item);
    else into[key] = redact(item, depth + 1, seen);
  }
  return into;
}

/** The line as written: level and event first, then the context, then the (redacted) fields. */
export function logLine(level: LogLevel, event: string, fields: LogFields = {}): LogFields {
  const context = scope.getStore();
  const line: LogFields = { level, event };
  if (context?.requestId) line.requestId = context.requestId;
  if (context?.route) line.route = context.route;
  if (context?.userId) line.userId = context.userId;
  const safe = redact(fields) as LogFields;
  for (const [key, item] of Object.entries(safe)) {
    if (!(key in line)) line[key] = item;
  }
  return line;
}

function write(level: LogLevel, event: string, fields?: LogFields): void {
  let text: string;
  try {
    text = JSON.stringify(logLine(level, event, fields));
  } catch {
    text = JSON.stringify({ level, event, logError: "fields could not be serialised" });
  }
  if (level === "error") console.error(text);
  else if (level === "warn") console.warn(text);
  else console.log(text);
}

/** `log.info("jobs.batch", { refundsSettled: 2 })`; events are dotted names (docs/decisions/021-logging.md). */
export const log = {
  info: (event: string, fields?: LogFields) => write("info", event, fields),
  warn: (event: string, fields?: LogFields) => write("warn", event, fields),
  error: (event: string, fields?: LogFields) => write("error", event, fields),
};
