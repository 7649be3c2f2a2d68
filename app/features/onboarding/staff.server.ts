import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditIfChangedStatement } from "~/features/audit/index.server";
import { sha256Hex } from "~/lib/crypto";
import { AppError, conflict, notFound } from "~/lib/errors";
import { getDb, idChunks, named, nonEmptyBatch, selectInChunks } from "~/platform/db.server";
import { bankDetails, streamerProfiles, users } from "~db/schema";
import { maskAccountNumber } from "./bank-identifiers";
import { ONBOARDING_STAFF_COPY } from "./copy";

/**
 * Onboarding verification by staff (docs/domain.md; ADR 005: finance and admin). Staff see every
 * submission with its files (served from the private bucket by the authorised /onboarding/files route) and, on
 * this screen only, the full account number. Verifying marks the submission and the streamer's profile verified
 * in one batch (payouts need it), once: a submission already verified is left alone. When ONBOARDING_SECRET_KEY is
 * configured, the API's full details and every verification also need it (compared in constant time).
 */

async function checkSecret(env: Env, given: string | undefined) {
  const expected = env.ONBOARDING_SECRET_KEY;
  if (!expected) return;
  const [a, b] = await Promise.all([sha256Hex(given ?? ""), sha256Hex(expected)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  if (diff !== 0) throw new AppError(403, ONBOARDING_STAFF_COPY.wrongSecret, "secretKey");
}

/** Whether verifying needs the secret key (the page shows its field only then). */
export const secretKeyRequired = (env: Env) => !!env.ONBOARDING_SECRET_KEY;

const detailFields = {
  id: bankDetails.id,
  userId: bankDetails.userId,
  username: users.username,
  email: users.email,
  accountHolderName: bankDetails.accountHolderName,
  fullName: bankDetails.fullName,
  gamingName: bankDetails.gamingName,
  address: bankDetails.address,
  bankName: bankDetails.bankName,
  country: bankDetails.country,
  mobileNumber: bankDetails.mobileNumber,
  tshirtSize: bankDetails.tshirtSize,
  accountNumber: bankDetails.accountNumber,
  bankOption: bankDetails.bankIdentifierKind,
  bankValue: bankDetails.bankIdentifierValue,
  isVerified: bankDetails.isVerified,
  verifiedAt: bankDetails.verifiedAt,
  submittedAt: bankDetails.updatedAt,
};

type DetailRow = { [K in keyof typeof detailFields]: unknown } & { userId: string; accountNumber: string };

const withFiles = <T extends DetailRow>(row: T, full: boolean) => ({
  ...row,
  accountNumber: full ? row.accountNumber : maskAccountNumber(row.accountNumber),
  files: {
    statement: `/onboarding/files/${row.userId}/statement`,
    agreement: `/onboarding/files/${row.userId}/agreement`,
  },
});

/** Every submission, unverified first then oldest first, with full account numbers (this screen only). */
export async function listOnboardingsForStaff(env: Env, viewer: Viewer | null, options: { secretKey?: string } = {}) {
  assertStaff(viewer, "onboarding");
  if (options.secretKey !== undefined) await checkSecret(env, options.secretKey);
  const rows = await getDb(env)
    .select(named(detailFields))
    .from(bankDetails)
    .innerJoin(users, eq(users.id, bankDetails.userId))
    .orderBy(asc(bankDetails.isVerified), desc(bankDetails.updatedAt))
    .limit(500);
  return rows.map((row) => withFiles(row as DetailRow & typeof row, true));
}

/** One streamer's submission (POST star-bank-details / star-agreement); full numbers only with the secret, if set. */
export async function streamerBankDetails(env: Env, viewer: Viewer | null, userId: string, secretKey?: string) {
  assertStaff(viewer, "onboarding");
  let full = true;
  try {
    await checkSecret(env, secretKey);
  } catch {
    full = false;
  }
  const row = await getDb(env)
    .select(named(detailFields))
    .from(bankDetails)
    .innerJoin(users, eq(users.id, bankDetails.userId))
    .where(eq(bankDetails.userId, userId))
    .get();
  if (!row) throw notFound(ONBOARDING_STAFF_COPY.notFound);
  return withFiles(row as DetailRow & typeof row, full);
}

/** Verifies submissions (and their streamers' profiles) in one batch; already verified ones are left as they are. */
export async function verifyOnboardings(
  env: Env,
  viewer: Viewer | null,
  bankDetailIds: string[],
  secretKey?: string,
  now = new Date(),
) {
  assertStaff(viewer, "onboarding");
  await checkSecret(env, secretKey);
  const db = getDb(env);
  const pending = await selectInChunks(bankDetailIds, (chunk) =>
    db
      .select({ id: bankDetails.id, userId: bankDetails.userId })
      .from(bankDetails)
      .where(and(inArray(bankDetails.id, chunk), eq(bankDetails.isVerified, false))),
  );
  if (pending.length === 0) throw conflict(ONBOARDING_STAFF_COPY.nothingToVerify);
  const ids = pending.map((p) => p.id);
  const userIds = pending.map((p) => p.userId);
  // Each submission's update, then its audit row only when that update changed it: two staff verifying the same
  // submissions at once leave one audit row per submission.
  await db.batch(
    nonEmptyBatch([
      ...pending.flatMap((p) => [
        db
          .update(bankDetails)
          .set({ isVerified: true, verifiedAt: now, verifiedBy: viewer.id, updatedAt: now })
          .where(and(eq(bankDetails.id, p.id), eq(bankDetails.isVerified, false))),
        auditIfChangedStatement(
          db,
          viewer,
          { action: "onboarding.verify", entity: "user", entityId: p.userId, after: { bankDetailsId: p.id } },
          now,
        ),
      ]),
      ...idChunks(userIds).map((chunk) =>
        db
          .update(streamerProfiles)
          .set({ isVerified: true, verifiedAt: now, updatedAt: now })
          .where(and(inArray(streamerProfiles.userId, chunk), eq(streamerProfiles.isVerified, false))),
      ),
    ]),
  );
  return { verified: ids.length };
}
