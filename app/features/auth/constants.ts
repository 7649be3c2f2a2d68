/** Auth rate limits, each applied per account (email) and per address (IP). */
export const AUTH_RATE_LIMITS = {
  login: { max: 10, windowMs: 15 * 60 * 1000 },
  code: { max: 10, windowMs: 15 * 60 * 1000 },
  resend: { max: 5, windowMs: 60 * 60 * 1000 },
  forgot: { max: 5, windowMs: 60 * 60 * 1000 },
  signup: { max: 10, windowMs: 60 * 60 * 1000 },
  /** Change password's current-password check: per account, so a stolen session cannot guess it. */
  password: { max: 5, windowMs: 15 * 60 * 1000 },
} as const;
