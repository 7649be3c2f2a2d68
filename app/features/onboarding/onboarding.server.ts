import { count, eq, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertManageBusiness, assertReadBusiness } from "~/features/access";
import { sniffImage } from "~/features/profile";
import { AppError, conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { bankDetails, bankDetailsHistory } from "~db/schema";
import { maskAccountNumber } from "./bank-identifiers";
import { ONBOARDING_COPY } from "./copy";
import type { OnboardingInput } from "./schema";

export const ONBOARDING_FILE_KINDS = ["statement", "agreement"] as const;
export type OnboardingFileKind = (typeof ONBOARDING_FILE_KINDS)[number];

/** A PDF, PNG or JPEG recognised by its first bytes, not its name or declared type. */
function sniffDocument(bytes: Uint8Array) {
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
  if (pdf.every((byte, i) => bytes[i] === byte)) return { ext: "pdf", contentType: "application/pdf" };
  return sniffImage(bytes);
}

async function storePrivate(env: Env, file: File, field: "bankStatement" | "signedAgreement") {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffDocument(bytes);
  if (!type) throw new AppError(415, ONBOARDING_COPY.fileType, field);
  const key = `onboarding/${newId()}.${type.ext}`;
  await env.PRIVATE_FILES.put(key, bytes, { httpMetadata: { contentType: type.contentType } });
  return key;
}

/**
 * Submits (or re-submits) the streamer's bank details, bank statement and signed agreement. The files go
 * to the PRIVATE bucket under random keys. A re-submission replaces the pending one and keeps it in
 * bank_details_history, in one batch; a verified submission is not replaced (the conditional upsert
 * leaves it, and the uploaded files are removed again).
 */
export async function submitOnboarding(env: Env, viewer: Viewer | null, input: OnboardingInput, now = new Date()) {
  if (!viewer) throw notFound();
  assertManageBusiness(viewer, viewer.id);
  const db = getDb(env);
  const current = await db
    .select({ isVerified: bankDetails.isVerified })
    .from(bankDetails)
    .where(eq(bankDetails.userId, viewer.id))
    .get();
  if (current?.isVerified) throw conflict(ONBOARDING_COPY.alreadyVerified);
  const statementKey = await storePrivate(env, input.bankStatement, "bankStatement");
  const agreementKey = await storePrivate(env, input.signedAgreement, "signedAgreement");
  const values = {
    accountHolderName: input.accountHolderName,
    address: input.address,
    bankName: input.bankName,
    country: input.country,
    fullName: input.fullName,
    gamingName: input.gamingName,
    mobileNumber: input.mobileNumber,
    tshirtSize: input.tshirtSize,
    accountNumber: input.accountNumber,
    bankIdentifierKind: input.bankOption,
    bankIdentifierValue: input.bankValue,
    statementKey,
    agreementKey,
    updatedAt: now,
  };
  const [, upserted] = await db.batch([
    db.insert(bankDetailsHistory).select(
      db
        .select({
          id: sql<string>`lower(hex(randomblob(10)))`.as("id"),
          userId: bankDetails.userId,
          accountHolderName: bankDetails.accountHolderName,
          address: bankDetails.address,
          bankName: bankDetails.bankName,
          country: bankDetails.country,
          fullName: bankDetails.fullName,
          gamingName: bankDetails.gamingName,
          mobileNumber: bankDetails.mobileNumber,
          tshirtSize: bankDetails.tshirtSize,
          accountNumber: bankDetails.accountNumber,
          bankIdentifierKind: bankDetails.bankIdentifierKind,
          bankIdentifierValue: bankDetails.bankIdentifierValue,
          statementKey: bankDetails.statementKey,
          agreementKey: bankDetails.agreementKey,
          submittedAt: bankDetails.updatedAt,
          replacedAt: sql<Date>`${now.getTime()}`.as("replaced_at"),
        })
        .from(bankDetails)
        .where(sql`${bankDetails.userId} = ${viewer.id} AND ${bankDetails.isVerified} = 0`),
    ),
    db
      .insert(bankDetails)
      .values({ id: newId(), userId: viewer.id, ...values, createdAt: now })
      .onConflictDoUpdate({ target: bankDetails.userId, set: values, setWhere: sql`${bankDetails.isVerified} = 0` })
      .returning({ id: bankDetails.id }),
  ]);
  if (upserted.length === 0) {
    await env.PRIVATE_FILES.delete([statementKey, agreementKey]);
    throw conflict(ONBOARDING_COPY.alreadyVerified);
  }
  return getOwnOnboarding(env, viewer, viewer.id);
}

/** The streamer's submission as they see it: account number masked, status, links to their own files. */
export async function getOwnOnboarding(env: Env, viewer: Viewer | null, userId: string) {
  assertReadBusiness(viewer, userId, "onboarding");
  const db = getDb(env);
  const [rows, history] = await db.batch([
    db.select().from(bankDetails).where(eq(bankDetails.userId, userId)).limit(1),
    db.select({ n: count() }).from(bankDetailsHistory).where(eq(bankDetailsHistory.userId, userId)),
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    status: row.isVerified ? ("verified" as const) : ("submitted" as const),
    accountHolderName: row.accountHolderName,
    address: row.address,
    bankName: row.bankName,
    country: row.country,
    fullName: row.fullName,
    gamingName: row.gamingName,
    mobileNumber: row.mobileNumber,
    tshirtSize: row.tshirtSize,
    accountNumber: maskAccountNumber(row.accountNumber),
    bankOption: row.bankIdentifierKind,
    bankValue: row.bankIdentifierValue,
    submittedAt: row.updatedAt,
    verifiedAt: row.verifiedAt,
    files: {
      statement: `/onboarding/files/${userId}/statement`,
      agreement: `/onboarding/files/${userId}/agreement`,
    },
    earlierSubmissions: history[0]?.n ?? 0,
  };
}

/**
 * A bank statement or signed agreement, for its streamer or staff who verify onboarding only. Anyone else
 * gets a 404 (not a 403), so the route does not even confirm that the file exists.
 */
export async function readOnboardingFile(env: Env, viewer: Viewer | null, userId: string, kind: OnboardingFileKind) {
  try {
    assertReadBusiness(viewer, userId, "onboarding");
  } catch {
    throw notFound();
  }
  const row = await getDb(env)
    .select({ statementKey: bankDetails.statementKey, agreementKey: bankDetails.agreementKey })
    .from(bankDetails)
    .where(eq(bankDetails.userId, userId))
    .get();
  const key = kind === "statement" ? row?.statementKey : row?.agreementKey;
  const object = key ? await env.PRIVATE_FILES.get(key) : null;
  if (!object) throw notFound();
  return object;
}
