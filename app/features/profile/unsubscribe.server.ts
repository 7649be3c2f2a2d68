import { hmacKey, hmacSign, hmacVerify } from "~/lib/crypto";
import { AppError } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { sessionSecret } from "~/platform/env.server";
import { emailUnsubscribes } from "~db/schema";
import { UNSUBSCRIBE_COPY } from "./copy";

/**
 * Unsubscribe links are signed: `/unsubscribe/:email?sig=` carries the HMAC of the address (a key bound to
 * this purpose, from the app's secret), so nobody can unsubscribe an address they did not receive mail at.
 * An unsigned or wrongly signed link is refused before anything is written.
 */
const PURPOSE = "noobrd unsubscribe v1";

async function key(env: Env) {
  return hmacKey(PURPOSE, sessionSecret(env));
}

export async function unsubscribeUrl(env: Env, origin: string, email: string): Promise<string> {
  const address = email.toLowerCase();
  const sig = await hmacSign(await key(env), address);
  return `${origin}/unsubscribe/${encodeURIComponent(address)}?sig=${sig}`;
}

/** Throws a 403 unless `sig` is this address's signature. */
export async function assertUnsubscribeLink(env: Env, email: string, sig: string | null | undefined): Promise<void> {
  if (!sig || !(await hmacVerify(await key(env), email.toLowerCase(), sig))) {
    throw new AppError(403, UNSUBSCRIBE_COPY.invalidLink);
  }
}

/**
 * Records that an address wants no more optional email (promotions, digests), once the link's signature is
 * checked. Idempotent by the UNIQUE email. Security emails (codes, password resets) are still sent: they are
 * what the user asked for.
 */
export async function unsubscribe(env: Env, email: string, sig: string | null | undefined) {
  await assertUnsubscribeLink(env, email, sig);
  await getDb(env)
    .insert(emailUnsubscribes)
    .values({ id: newId(), email: email.toLowerCase() })
    .onConflictDoNothing({ target: emailUnsubscribes.email });
}
