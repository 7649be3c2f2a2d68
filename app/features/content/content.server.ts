import { asc, eq } from "drizzle-orm";
import { getDb } from "~/platform/db.server";
import { type CONFIG_KEYS, configurations, faqs, legalDocuments, type PageContent } from "~db/schema";
import { type StoredLegalContent, toLegalView } from "./legal";
import type { LegalType } from "./schema";

/** A legal document as stored (docs/domain.md field names), or null when staff have not written it yet. */
export async function getLegalContent(env: Env, type: LegalType) {
  const row = await getDb(env)
    .select({ content: legalDocuments.content, updatedAt: legalDocuments.updatedAt })
    .from(legalDocuments)
    .where(eq(legalDocuments.type, type))
    .get();
  return row ? (row.content as StoredLegalContent) : null;
}

export async function getLegalDocument(env: Env, type: LegalType) {
  const content = await getLegalContent(env, type);
  return content ? toLegalView(type, content) : null;
}

export async function listFaqs(env: Env) {
  return getDb(env)
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(eq(faqs.isPublished, true))
    .orderBy(asc(faqs.sortOrder), asc(faqs.createdAt))
    .all();
}

function isPageContent(value: unknown): value is PageContent {
  if (!value || typeof value !== "object") return false;
  const page = value as Record<string, unknown>;
  return typeof page.title === "string" && typeof page.intro === "string" && Array.isArray(page.sections);
}

/** Prose pages kept in configurations (about us, cancellation policy). */
export async function getPage(env: Env, key: typeof CONFIG_KEYS.aboutUs | typeof CONFIG_KEYS.cancellationPolicy) {
  const row = await getDb(env)
    .select({ value: configurations.value })
    .from(configurations)
    .where(eq(configurations.key, key))
    .get();
  return isPageContent(row?.value) ? row.value : null;
}
