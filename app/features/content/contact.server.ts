import { CONTACT_RATE_LIMIT } from "~/features/content/constants";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { contactSubmissions } from "~db/schema";
import type { ContactFormInput } from "./schema";

export type ContactResult = { ok: true } | { ok: false; reason: "rate_limited" };

/** Stores a contact-form submission, at most CONTACT_RATE_LIMIT.max per address per window. */
export async function submitContactForm(
  env: Env,
  input: ContactFormInput,
  meta: { ip: string; userId?: string | null },
): Promise<ContactResult> {
  const allowed = await hitRateLimit(env, `contact:${meta.ip}`, CONTACT_RATE_LIMIT.max, CONTACT_RATE_LIMIT.windowMs);
  if (!allowed) return { ok: false, reason: "rate_limited" };
  await getDb(env)
    .insert(contactSubmissions)
    .values({ id: newId(), ...input, ip: meta.ip, userId: meta.userId ?? null });
  return { ok: true };
}
