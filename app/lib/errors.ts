/**
 * Typed failures of use cases: the one error style. A use case throws one of these (or returns a plain result); it never builds a
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
  /** A 429's wait in seconds (each door sends it as Retry-After). */
  readonly retryAfterSeconds?: number;
  constructor(status: AppErrorStatus, message: string, field?: string, reason?: string, retryAfterSeconds?: number) {
    // An expected outcome answered as a 4xx, not a fault: no stack is captured (capturing one was a measurable share
    // of a refused booking's CPU in a drop, docs/bench/drop.md), so it is cheap to throw.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = "AppError";
    this.status = status;
    this.field = field;
    this.reason = reason;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = "Not logged in") => new AppError(401, message);
export const forbidden = (message = "Forbidden") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string, field?: string) => new AppError(409, message, field);

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The details a failure may carry beside its status and message. */
export type AppErrorDetails = {
  field?: string;
  reason?: string;
  /** A 429's wait, sent as Retry-After by both doors. */
  retryAfterSeconds?: number;
};

/** An AppError with any of its details: `throw appError(409, message, { field })`. */
export function appError(status: AppErrorStatus, message: string, details: AppErrorDetails = {}): AppError {
  return new AppError(status, message, details.field, details.reason, details.retryAfterSeconds);
}
