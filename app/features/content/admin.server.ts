import { and, asc, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditIfChangedStatement, auditStatement } from "~/features/audit/index.server";
import { badRequest, conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { pageInfo } from "~/lib/paging";
import { firstIssue } from "~/lib/validation";
import { catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { getDb, named } from "~/platform/db.server";
import {
  contactSubmissions,
  faqs,
  legalDocuments,
  type PrivacyPolicyContent,
  type TermsContent,
  users,
} from "~db/schema";
import type { LegalEditorInput } from "./admin-schema";
import { legalEditorSchema } from "./admin-schema";
import { getLegalContent } from "./content.server";
import { CONTENT_COPY } from "./copy";
import { type StoredLegalContent, toLegalView } from "./legal";
import { LEGAL_TYPES, type LegalType } from "./schema";

/**
 * Content as staff manage it (docs/domain.md): the three legal documents, the FAQ and the contact
 * form's submissions. Every write checks the capability first and is one batch with its audit row; what public
 * pages show bumps the catalogue version in the same batch (ADR 012).
 */

// ---- Legal documents -----------------------------------------------------------------------------------------

/** The stored shape keeps docs/domain.md's field names: privacy (lastUpdated, introduction), terms (updatedDate, intro). */
function toStoredLegal(type: LegalType, input: LegalEditorInput): StoredLegalContent {
  const common = {
    ...(input.title ? { title: input.title } : {}),
    keyPoints: input.keyPoints,
    sections: input.sections,
  };
  return type === "mainPrivacyPolicy"
    ? { lastUpdated: input.updated, introduction: input.introduction, ...common }
    : { updatedDate: input.updated, intro: input.introduction, ...common };
}

/**
 * A stored "last updated" as the date field's value (yyyy-mm-dd). Documents written before the editor keep
 * docs/domain.md's prose dates ("November 1, 2026"); a date field given those shows nothing and the browser warns.
 */
export function dateInputValue(stored: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(stored)) return stored;
  const parsed = new Date(`${stored} 12:00 UTC`);
  return Number.isNaN(parsed.getTime()) ? "" : parsed.toISOString().slice(0, 10);
}

/** The editor's view of a stored document (empty when not written yet). */
export async function legalForEditor(env: Env, viewer: Viewer | null, type: LegalType) {
  assertStaff(viewer, "content");
  const content = await getLegalContent(env, type);
  const view = content ? toLegalView(type, content) : null;
  return {
    type,
    view,
    fields: {
      title: content?.title ?? "",
      updated: dateInputValue(view?.updated ?? ""),
      introduction: view?.introduction ?? "",
      keyPoints: (view?.keyPoints ?? []).join("\n"),
      sections: view?.sections ?? [],
    },
  };
}

/** All three documents as stored (GET /api/get/admin/termsAndPrivacy). */
export async function allLegalForStaff(env: Env, viewer: Viewer | null) {
  assertStaff(viewer, "content");
  const entries = await Promise.all(LEGAL_TYPES.map(async (type) => [type, await getLegalContent(env, type)] as const));
  return Object.fromEntries(entries) as Record<LegalType, StoredLegalContent | null>;
}

export async function saveLegalDocument(env: Env, viewer: Viewer | null, type: LegalType, input: LegalEditorInput) {
  assertStaff(viewer, "content");
  const before = await getLegalContent(env, type);
  // The stored JSON follows db/schema/content.ts's two shapes (toStoredLegal fills the one for this type).
  const content = toStoredLegal(type, input) as PrivacyPolicyContent | TermsContent;
  const db = getDb(env);
  const now = new Date();
  await db.batch([
    db
      .insert(legalDocuments)
      .values({ id: newId(), type, content, updatedBy: viewer.id, updatedAt: now })
      .onConflictDoUpdate({ target: legalDocuments.type, set: { content, updatedBy: viewer.id, updatedAt: now } }),
    auditStatement(
      db,
      viewer,
      { action: "legal.update", entity: "legal_document", entityId: type, before, after: content },
      now,
    ),
    catalogueChangedStatement(db),
  ]);
  return { type, content };
}

/**
 * POST /api/post/admin/update/termsAndPrivacy {key, value}: `value` in the stored shape (the API's field names) or the
 * editor's; either way it is checked by the editor's schema before it is saved.
 */
export async function saveLegalFromApi(env: Env, viewer: Viewer | null, type: LegalType, value: unknown) {
  assertStaff(viewer, "content");
  let raw = value;
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw badRequest(CONTENT_COPY.termsUpdate);
    }
  }
  const v = (raw ?? {}) as Record<string, unknown>;
  const parsed = legalEditorSchema.safeParse({
    title: v.title,
    updated: v.updated ?? v.lastUpdated ?? v.updatedDate,
    introduction: v.introduction ?? v.intro,
    keyPoints: Array.isArray(v.keyPoints) ? v.keyPoints.join("\n") : v.keyPoints,
    sections: v.sections,
  });
  if (!parsed.success) throw badRequest(firstIssue(parsed.error, { withPath: true }));
  return saveLegalDocument(env, viewer, type, parsed.data);
}

// ---- FAQ -------------------------------------------------------------------------------------------------------

export async function listFaqsForStaff(env: Env, viewer: Viewer | null) {
  assertStaff(viewer, "content");
  return getDb(env).select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.createdAt));
}

/** Adds a FAQ at the end, or edits one (by id). */
export async function saveFaq(
  env: Env,
  viewer: Viewer | null,
  input: { id?: string; question: string; answer: string },
) {
  assertStaff(viewer, "content");
  const db = getDb(env);
  const now = new Date();
  if (input.id) {
    const before = await db.select().from(faqs).where(eq(faqs.id, input.id)).get();
    if (!before) throw notFound(CONTENT_COPY.faqNotFound);
    await db.batch([
      db
        .update(faqs)
        .set({ question: input.question, answer: input.answer, updatedAt: now })
        .where(eq(faqs.id, input.id)),
      auditStatement(
        db,
        viewer,
        { action: "faq.update", entity: "faq", entityId: input.id, before, after: input },
        now,
      ),
      catalogueChangedStatement(db),
    ]);
    return { id: input.id };
  }
  const id = newId();
  await db.batch([
    db.insert(faqs).values({
      id,
      question: input.question,
      answer: input.answer,
      sortOrder: sql`(SELECT coalesce(max(${faqs.sortOrder}), -1) + 1 FROM ${faqs})`,
      createdAt: now,
      updatedAt: now,
    }),
    auditStatement(db, viewer, { action: "faq.create", entity: "faq", entityId: id, after: input }, now),
    catalogueChangedStatement(db),
  ]);
  return { id };
}

export async function deleteFaq(env: Env, viewer: Viewer | null, id: string) {
  assertStaff(viewer, "content");
  const db = getDb(env);
  const before = await db.select().from(faqs).where(eq(faqs.id, id)).get();
  if (!before) throw notFound(CONTENT_COPY.faqNotFound);
  await db.batch([
    db.delete(faqs).where(eq(faqs.id, id)),
    auditStatement(db, viewer, { action: "faq.delete", entity: "faq", entityId: id, before }),
    catalogueChangedStatement(db),
  ]);
  return { id };
}

/** Moves a FAQ one place up or down: the whole order is rewritten 0..n-1 in one batch. */
export async function moveFaq(env: Env, viewer: Viewer | null, id: string, direction: "up" | "down") {
  const list = await listFaqsForStaff(env, viewer);
  assertStaff(viewer, "content");
  const from = list.findIndex((f) => f.id === id);
  if (from < 0) throw notFound(CONTENT_COPY.faqNotFound);
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= list.length) return { id, moved: false };
  const order = [...list];
  const [item] = order.splice(from, 1);
  if (item) order.splice(to, 0, item);
  const db = getDb(env);
  const [first, ...rest] = order.map((f, index) => db.update(faqs).set({ sortOrder: index }).where(eq(faqs.id, f.id)));
  if (!first) return { id, moved: false };
  await db.batch([
    first,
    ...rest,
    auditStatement(db, viewer, { action: "faq.move", entity: "faq", entityId: id, after: { direction } }),
    catalogueChangedStatement(db),
  ]);
  return { id, moved: true };
}

// ---- Contact submissions ---------------------------------------------------------------------------------------

export async function listContactSubmissions(
  env: Env,
  viewer: Viewer | null,
  query: { page: number; limit: number; show: "open" | "handled" | "all" },
) {
  assertStaff(viewer, "contactSubmissions");
  const db = getDb(env);
  const where =
    query.show === "open"
      ? isNull(contactSubmissions.handledAt)
      : query.show === "handled"
        ? isNotNull(contactSubmissions.handledAt)
        : undefined;
  const [rows, total] = await db.batch([
    db
      .select(
        named({
          id: contactSubmissions.id,
          name: contactSubmissions.name,
          email: contactSubmissions.email,
          subject: contactSubmissions.subject,
          message: contactSubmissions.message,
          createdAt: contactSubmissions.createdAt,
          handledAt: contactSubmissions.handledAt,
          handledBy: users.fullName,
        }),
      )
      .from(contactSubmissions)
      .leftJoin(users, eq(users.id, contactSubmissions.handledBy))
      .where(where)
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(contactSubmissions).where(where),
  ]);
  return { submissions: rows, ...pageInfo(total[0]?.n ?? 0, query.page, query.limit) };
}

/** Marks an open submission handled, once. */
export async function markSubmissionHandled(env: Env, viewer: Viewer | null, id: string) {
  assertStaff(viewer, "contactSubmissions");
  const db = getDb(env);
  const now = new Date();
  const open = await db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(and(eq(contactSubmissions.id, id), isNull(contactSubmissions.handledAt)))
    .get();
  if (!open) throw conflict(CONTENT_COPY.submissionNotFound);
  await db.batch([
    db
      .update(contactSubmissions)
      .set({ handledAt: now, handledBy: viewer.id })
      .where(and(eq(contactSubmissions.id, id), isNull(contactSubmissions.handledAt))),
    // Right after the guarded update: audited only by the request that marked it (concurrent ones leave one row).
    auditIfChangedStatement(db, viewer, { action: "contact.handled", entity: "contact_submission", entityId: id }, now),
  ]);
  return { id };
}
