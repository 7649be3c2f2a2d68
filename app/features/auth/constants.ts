/** Auth rate limits, each applied per account (email) and per address (IP), except where said. */
export const AUTH_RATE_LIMITS = {
  /** Failed logins per (account, address) pair: the lockout, which never reaches the owner at their own address. */
  login: { max: 10, windowMs: 15 * 60 * 1000 },
  /** Failed logins per address across every account (credential stuffing): looser than the pair's. */
  loginAddress: { max: 30, windowMs: 15 * 60 * 1000 },
  /**
   * Failed logins of one account from every address together, in the login window: never refused (no per-account
   * lockout, docs/decisions/023), only counted, so that past `LOGIN_BOT_CHECK_AFTER` a login needs the bot check.
   */
  loginAccount: { max: Number.MAX_SAFE_INTEGER, windowMs: 15 * 60 * 1000 },
  code: { max: 10, windowMs: 15 * 60 * 1000 },
  resend: { max: 5, windowMs: 60 * 60 * 1000 },
  forgot: { max: 5, windowMs: 60 * 60 * 1000 },
  signup: { max: 10, windowMs: 60 * 60 * 1000 },
  /**
   * Sign-ups told "this username is taken", per address: once spent, every sign-up from the address is refused until
   * the window ends (else a 429 for a taken name and a new account for a free one would still tell them apart).
   */
  usernameTaken: { max: 5, windowMs: 60 * 60 * 1000 },
  /** Change password's current-password check: per account, so a stolen session cannot guess it. */
  password: { max: 5, windowMs: 15 * 60 * 1000 },
} as const;

/**
 * After this many failed logins in the login window, for the account (from any address) or from the address (to any
 * account), the next login must pass the bot check (docs/decisions/033-bot-checks-on-login-and-drops.md): a script
 * guessing passwords meets Turnstile long before the lockout's 10 per pair, a person who mistyped twice does not.
 */
export const LOGIN_BOT_CHECK_AFTER = 3;
