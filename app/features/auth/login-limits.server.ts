import { AUTH_RATE_LIMITS, LOGIN_BOT_CHECK_AFTER } from "~/features/auth/constants";
import { currentHits, enforceRateLimit } from "~/platform/rate-limit.server";

/**
 * Failed logins are counted per (account, address) pair, so guesses from elsewhere never lock the owner out of their
 * own address, and per address across accounts, looser, against credential stuffing. There is no per-account cap:
 * it would let anyone lock an owner out (docs/decisions/023-login-lockout-per-account-and-address.md).
 */
export function loginLimits(env: Env, ip: string, email: string) {
  return enforceRateLimit(env, [
    { key: `login:account-ip:${email}:${ip}`, ...AUTH_RATE_LIMITS.login },
    { key: `login:ip:${ip}`, ...AUTH_RATE_LIMITS.loginAddress },
    { key: `login:account:${email}`, ...AUTH_RATE_LIMITS.loginAccount },
  ]);
}

/**
 * Whether a login must pass the bot check: the address (any account) or the account (any address) failed
 * LOGIN_BOT_CHECK_AFTER times in the window. `counts` are loginLimits' hits, this attempt included (a success gives
 * its hits back, so they count failures).
 */
export function loginNeedsBotCheck(counts: number[]): boolean {
  const [, address = 0, account = 0] = counts;
  return Math.max(address, account) - 1 >= LOGIN_BOT_CHECK_AFTER;
}

/** Whether the next login of `email` from `ip` must pass the bot check (the login form shows it then). */
export async function loginBotCheckDue(env: Env, email: string, ip: string, now = Date.now()): Promise<boolean> {
  const counts = await currentHits(
    env,
    [
      { key: `login:ip:${ip}`, ...AUTH_RATE_LIMITS.loginAddress },
      { key: `login:account:${email}`, ...AUTH_RATE_LIMITS.loginAccount },
    ],
    now,
  );
  return Math.max(...counts) >= LOGIN_BOT_CHECK_AFTER;
}
