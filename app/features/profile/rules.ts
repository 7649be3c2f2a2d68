/** Reports a user may send: this many an hour, per reporter (app/features/profile/profile.server.ts). */
export const REPORT_RATE_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 } as const;
