import { asc, eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditStatement } from "~/features/audit/index.server";
import { hashPassword } from "~/features/auth/index.server";
import { badRequest, conflict, notFound } from "~/lib/errors";
import { firstIssue } from "~/lib/validation";
import { z } from "~/lib/zod";
import { catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { getDb, isUniqueViolation } from "~/platform/db.server";
import { CONFIG_KEYS, configurations, type JsonValue } from "~db/schema";
import { CONFIG_COPY } from "./copy";

/**
 * Configurations as staff manage them (docs/domain.md): a list of {key, value}, values JSON. Keys the
 * app reads (CONFIG_KEYS) keep their shape (checked here) and cannot be deleted; the site password is never
 * stored or shown in clear: it is written only as a hash from the login's own password function, through the
 * gate form. Every write is one batch with its audit row and the catalogue version bump (content pages and the
 * site gate read configurations; ADR 012).
 */

const SECRET_KEYS = new Set<string>([CONFIG_KEYS.websitePassword]);
const APP_KEYS = new Set<string>(Object.values(CONFIG_KEYS));
const percent = z.number().min(0).max(100);
const pageContent = z.object({
  title: z.string(),
  intro: z.string(),
  sections: z.array(z.object({ title: z.string(), body: z.string() })),
});

/** The shape of each configuration the app reads. */
const SHAPES: Record<string, z.ZodType> = {
  [CONFIG_KEYS.websitePasswordEnabled]: z.boolean(),
  [CONFIG_KEYS.platformFees]: percent,
  [CONFIG_KEYS.payoutTaxes]: z.object({
    indirectTaxPercent: percent,
    platformFeesIndirectTaxPercent: percent,
    tdsPercent: percent,
  }),
  [CONFIG_KEYS.aboutUs]: pageContent,
  [CONFIG_KEYS.cancellationPolicy]: pageContent,
  [CONFIG_KEYS.minimumPrice]: z.object({ USD: z.number().int().positive(), INR: z.number().int().positive() }),
  [CONFIG_KEYS.bookingHoldMinutes]: z.number().int().min(1).max(60),
};

function checkShape(key: string, value: unknown) {
  if (SECRET_KEYS.has(key)) throw badRequest("Set the site password with the gate form", "value");
  const shape = SHAPES[key];
  if (!shape) return;
  const parsed = shape.safeParse(value);
  if (!parsed.success) throw badRequest(`${key}: ${firstIssue(parsed.error, { withPath: true })}`, "value");
}

const shown = (row: { key: string; value: JsonValue; description: string | null; updatedAt: Date }) => ({
  key: row.key,
  value: SECRET_KEYS.has(row.key) ? null : row.value,
  secret: SECRET_KEYS.has(row.key),
  description: row.description,
  updatedAt: row.updatedAt,
});

/** Every configuration, by key (the site password's hash is never returned). */
export async function listConfigurations(env: Env, viewer: Viewer | null) {
  assertStaff(viewer, "configurations");
  const rows = await getDb(env).select().from(configurations).orderBy(asc(configurations.key));
  return rows.map(shown);
}

/** One configuration; a missing key is "Failed to load configuration: (reason)" (404). */
export async function getConfiguration(env: Env, viewer: Viewer | null, key: string) {
  assertStaff(viewer, "configurations");
  const row = await getDb(env).select().from(configurations).where(eq(configurations.key, key)).get();
  if (!row) throw notFound(CONFIG_COPY.missing(key));
  return shown(row);
}

export async function addConfiguration(
  env: Env,
  viewer: Viewer | null,
  input: { key: string; value: unknown; description: string },
) {
  assertStaff(viewer, "configurations");
  checkShape(input.key, input.value);
  const db = getDb(env);
  try {
    await db.batch([
      db.insert(configurations).values({
        key: input.key,
        value: input.value as JsonValue,
        description: input.description || null,
        updatedBy: viewer.id,
      }),
      auditStatement(db, viewer, { action: "config.add", entity: "configuration", entityId: input.key, after: input }),
      catalogueChangedStatement(db),
    ]);
  } catch (error) {
    if (isUniqueViolation(error) || /PRIMARY KEY|UNIQUE/i.test(String(error)))
      throw conflict(CONFIG_COPY.keyTaken, "key");
    throw error;
  }
  return { key: input.key };
}

export async function updateConfiguration(
  env: Env,
  viewer: Viewer | null,
  key: string,
  input: { value: unknown; description: string },
) {
  const before = await getConfiguration(env, viewer, key);
  assertStaff(viewer, "configurations");
  checkShape(key, input.value);
  const db = getDb(env);
  await db.batch([
    db
      .update(configurations)
      .set({
        value: input.value as JsonValue,
        description: input.description || before.description,
        updatedBy: viewer.id,
        updatedAt: new Date(),
      })
      .where(eq(configurations.key, key)),
    auditStatement(db, viewer, {
      action: "config.update",
      entity: "configuration",
      entityId: key,
      before: before.value,
      after: input.value,
    }),
    catalogueChangedStatement(db),
  ]);
  return { key };
}

export async function deleteConfiguration(env: Env, viewer: Viewer | null, key: string) {
  const before = await getConfiguration(env, viewer, key);
  assertStaff(viewer, "configurations");
  if (APP_KEYS.has(key)) throw conflict(CONFIG_COPY.protectedKey);
  const db = getDb(env);
  await db.batch([
    db.delete(configurations).where(eq(configurations.key, key)),
    auditStatement(db, viewer, {
      action: "config.delete",
      entity: "configuration",
      entityId: key,
      before: before.value,
    }),
    catalogueChangedStatement(db),
  ]);
  return { key };
}

/** The site gate's state for the form: on or off, and whether a password is set (never the password). */
export async function siteGateState(env: Env, viewer: Viewer | null) {
  assertStaff(viewer, "configurations");
  const rows = await getDb(env).select().from(configurations);
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const hash = value(CONFIG_KEYS.websitePassword);
  return {
    enabled: value(CONFIG_KEYS.websitePasswordEnabled) === true,
    passwordSet: typeof hash === "string" && !!hash,
  };
}

/**
 * Sets the site password (stored only as hashPassword's hash, the login's own function) and switches the gate.
 * Switching it on needs a password, new or already set. Changing the password ends every visitor's grant (grants
 * name the password they were given for; app/features/auth/site-gate.server.ts).
 */
export async function saveSiteGate(env: Env, viewer: Viewer | null, input: { password: string; enabled: boolean }) {
  const state = await siteGateState(env, viewer);
  assertStaff(viewer, "configurations");
  if (input.password && input.password.length < 8)
    throw badRequest("The site password needs at least 8 characters", "password");
  if (input.enabled && !input.password && !state.passwordSet)
    throw badRequest(CONFIG_COPY.gateNeedsPassword, "password");
  const db = getDb(env);
  const now = new Date();
  const upsert = (key: string, value: JsonValue, description: string) =>
    db
      .insert(configurations)
      .values({ key, value, description, updatedBy: viewer.id, updatedAt: now })
      .onConflictDoUpdate({ target: configurations.key, set: { value, updatedBy: viewer.id, updatedAt: now } });
  await db.batch([
    upsert(CONFIG_KEYS.websitePasswordEnabled, input.enabled, "Ask every visitor for the site password"),
    ...(input.password
      ? [upsert(CONFIG_KEYS.websitePassword, await hashPassword(input.password), "Site password (hash)")]
      : []),
    auditStatement(db, viewer, {
      action: "config.site_gate",
      entity: "configuration",
      entityId: CONFIG_KEYS.websitePasswordEnabled,
      before: { enabled: state.enabled },
      after: { enabled: input.enabled, passwordChanged: !!input.password },
    }),
    catalogueChangedStatement(db),
  ]);
  return { enabled: input.enabled };
}
