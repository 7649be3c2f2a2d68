import { desc, eq, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditStatement } from "~/features/audit/index.server";
import { badRequest, conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { col, getDb, isForeignKeyViolation, isUniqueViolation, named } from "~/platform/db.server";
import { promoCodes, promoRedemptions, streamerProfiles, users } from "~db/schema";
import type { PromoCodeInput } from "./admin-schema";
import { PROMO_ADMIN_COPY } from "./copy";

/**
 * Promo codes as staff manage them (/admin/manage-promo-codes and the Promo codes calls of docs/domain.md):
 * percent or fixed amount, expiry, total and per-user limits, site-wide or one streamer, active or not, with
 * their use counts. The limits themselves are enforced where a code is redeemed (redeem.server.ts); a code that
 * has been used cannot be deleted (its redemptions keep the orders' history), only deactivated.
 */

/** Every code, newest first, with its uses and its streamer. */
export async function listPromoCodesForStaff(env: Env, viewer: Viewer | null) {
  assertStaff(viewer, "promoCodes");
  return getDb(env)
    .select(
      named({
        id: promoCodes.id,
        code: promoCodes.code,
        description: promoCodes.description,
        kind: promoCodes.kind,
        value: promoCodes.value,
        currency: promoCodes.currency,
        expiresAt: promoCodes.expiresAt,
        maxUses: promoCodes.maxUses,
        maxUsesPerUser: promoCodes.maxUsesPerUser,
        influencerId: promoCodes.streamerId,
        streamerUsername: users.username,
        isActive: promoCodes.isActive,
        createdAt: promoCodes.createdAt,
        uses: sql<number>`(SELECT count(*) FROM ${promoRedemptions} WHERE ${promoRedemptions.promoCodeId} = ${col(promoCodes.id)})`,
      }),
    )
    .from(promoCodes)
    .leftJoin(users, eq(users.id, promoCodes.streamerId))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
}

async function streamerIdOf(env: Env, username: string): Promise<string | null> {
  if (!username) return null;
  const row = await getDb(env)
    .select({ id: streamerProfiles.userId })
    .from(streamerProfiles)
    .innerJoin(users, eq(users.id, streamerProfiles.userId))
    .where(sql`lower(${users.username}) = lower(${username.replace(/^@/, "")})`)
    .get();
  if (!row) throw badRequest(PROMO_ADMIN_COPY.noSuchStreamer, "streamerUsername");
  return row.id;
}

const columns = (input: PromoCodeInput, streamerId: string | null) => ({
  code: input.code,
  description: input.description || null,
  kind: input.kind,
  value: input.value,
  currency: input.currency,
  expiresAt: input.expiresAt,
  maxUses: input.maxUses ?? null,
  maxUsesPerUser: input.maxUsesPerUser ?? null,
  streamerId,
  isActive: input.isActive,
});

async function codeOrThrow(env: Env, id: string) {
  const row = await getDb(env).select().from(promoCodes).where(eq(promoCodes.id, id)).get();
  if (!row) throw notFound(PROMO_ADMIN_COPY.notFound);
  return row;
}

export async function createPromoCode(env: Env, viewer: Viewer | null, input: PromoCodeInput) {
  assertStaff(viewer, "promoCodes");
  const streamerId = await streamerIdOf(env, input.streamerUsername);
  const db = getDb(env);
  const id = newId();
  try {
    await db.batch([
      db.insert(promoCodes).values({ id, ...columns(input, streamerId), createdBy: viewer.id }),
      auditStatement(db, viewer, { action: "promo.create", entity: "promo_code", entityId: id, after: input }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PROMO_ADMIN_COPY.codeTaken, "code");
    throw error;
  }
  return { id, code: input.code };
}

export async function updatePromoCode(env: Env, viewer: Viewer | null, id: string, input: PromoCodeInput) {
  assertStaff(viewer, "promoCodes");
  const before = await codeOrThrow(env, id);
  const streamerId = await streamerIdOf(env, input.streamerUsername);
  const db = getDb(env);
  try {
    await db.batch([
      db
        .update(promoCodes)
        .set({ ...columns(input, streamerId), updatedAt: new Date() })
        .where(eq(promoCodes.id, id)),
      auditStatement(db, viewer, { action: "promo.update", entity: "promo_code", entityId: id, before, after: input }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PROMO_ADMIN_COPY.codeTaken, "code");
    throw error;
  }
  return { id };
}

export async function setPromoCodeActive(env: Env, viewer: Viewer | null, id: string, isActive: boolean) {
  assertStaff(viewer, "promoCodes");
  const before = await codeOrThrow(env, id);
  const db = getDb(env);
  await db.batch([
    db.update(promoCodes).set({ isActive, updatedAt: new Date() }).where(eq(promoCodes.id, id)),
    auditStatement(db, viewer, {
      action: isActive ? "promo.activate" : "promo.deactivate",
      entity: "promo_code",
      entityId: id,
      before: { isActive: before.isActive },
      after: { isActive },
    }),
  ]);
  return { id, isActive };
}

/**
 * Deletes a code nobody has used. The count words the refusal; under a race the redemptions' foreign key
 * (ON DELETE RESTRICT) refuses the whole batch, audit row included.
 */
export async function deletePromoCode(env: Env, viewer: Viewer | null, id: string) {
  assertStaff(viewer, "promoCodes");
  const before = await codeOrThrow(env, id);
  const db = getDb(env);
  const used = await db
    .select({ n: sql<number>`count(*)` })
    .from(promoRedemptions)
    .where(eq(promoRedemptions.promoCodeId, id))
    .get();
  if ((used?.n ?? 0) > 0) throw conflict(PROMO_ADMIN_COPY.usedCannotDelete);
  try {
    await db.batch([
      db.delete(promoCodes).where(eq(promoCodes.id, id)),
      auditStatement(db, viewer, { action: "promo.delete", entity: "promo_code", entityId: id, before }),
    ]);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(PROMO_ADMIN_COPY.usedCannotDelete);
    throw error;
  }
  return { id };
}
