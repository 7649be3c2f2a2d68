/**
 * App-wide messages of docs/domain.md, word for word. Each feature keeps its own beside it
 * (app/features/<domain>/copy.ts).
 */
export const COPY = {
  generic: "An unexpected error occurred",
  serverError: "Server error",
  tooManyRequests: "Too many requests. Please try again later.",
} as const;
