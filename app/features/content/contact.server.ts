import { CONTACT_RATE_LIMIT } from "~/features/content/constants";
import { CONTENT_COPY } from "~/features/content/copy";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { enforceRateLimit } from "~/platform/rate-limit.server";
import { contactSubmissions } from "~db/schema";
import type { ContactFormInput } from "./schema";

/** Stores a contact-form submission, at most CONTACT_RATE_LIMIT.max per address per window (then a 429). */
export async function submitContactForm(
  env: Env,
  input: ContactFormInput,
  meta: { ip: string; userId?: string | null },
): Promise<void> {
  await enforceRateLimit(env, [{ key: `contact:${meta.ip}`, ...CONTACT_RATE_LIMIT }], CONTENT_COPY.contactError);
  await getDb(env)
    .insert(contactSubmissions)
    .values({ id: newId(), ...input, ip: meta.ip, userId: meta.userId ?? null });
}
