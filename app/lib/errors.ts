/**
 * Typed failures of use cases. A use case throws one of these (or returns a plain result); it never builds a
 * Response. Each door maps it to HTTP itself: the API door through `jsonAction` (`{ success: false, message }`
 * with `status`), a UI route to a form reply or an error page.
 */
export type AppErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export class AppError extends Error {
  readonly status: AppErrorStatus;
  readonly field?: string;
  /**
   * Why, when one message covers several causes (the API keeps the specified message; the reason is a code the
   * API answers beside it and the page can say in words). E.g. a promo code that is unknown, expired or used up.
   */
  readonly reason?: string;
  constructor(status: AppErrorStatus, message: string, field?: string, reason?: string) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.field = field;
    this.reason = reason;
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = "Not logged in") => new AppError(401, message);
export const forbidden = (message = "Forbidden") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string, field?: string) => new AppError(409, message, field);
export const tooMany = (message: string) => new AppError(429, message);

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/**
 * The result style some older use cases still return instead of throwing: `{ ok: true, ... }` or a failure
 * with the HTTP status it maps to. `resultJson` (app/routes/api/_lib) maps it for the API; new use cases throw
 * AppError instead.
 */
export type Failure = {
  ok: false;
  status: number;
  message: string;
  field?: string;
  reason?: string;
  /** A 429's wait, sent as Retry-After. */
  retryAfterSeconds?: number;
};
export type Result<T> = ({ ok: true } & T) | Failure;

export const fail = (status: number, message: string, extra: Partial<Failure> = {}): Failure => ({
  ok: false,
  status,
  message,
  ...extra,
});
