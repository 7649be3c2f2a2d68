import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { emailUnsubscribes } from "../../../db/schema";

/**
 * Records that an address wants no more optional email (promotions, digests). Idempotent by the UNIQUE email.
 * Security emails (codes, password resets) are still sent: they are what the user asked for.
 */
export async function unsubscribe(env: Env, email: string) {
  await getDb(env)
    .insert(emailUnsubscribes)
    .values({ id: newId(), email: email.toLowerCase() })
    .onConflictDoNothing({ target: emailUnsubscribes.email });
}
