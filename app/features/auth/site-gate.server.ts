import { inArray } from "drizzle-orm";
import { createCookie } from "react-router";
import { hmacKey, hmacSign, hmacVerify, sha256Hex } from "~/lib/crypto";
import { appError } from "~/lib/errors";
import { readEdgeState } from "~/platform/catalogue-version.server";
import { getDb } from "~/platform/db.server";
import { sessionSecret } from "~/platform/env.server";
import { enforceRateLimit } from "~/platform/rate-limit.server";
import { CONFIG_KEYS, configurations } from "~db/schema";
import { SITE_GATE_COPY } from "./copy";
import { verifyPassword } from "./password.server";

const SITE_GRANT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const PREFIX = "sg1";
const RATE = { max: 10, windowMs: 15 * 60 * 1000 } as const;

type Gate = { active: false } | { active: true; passwordHash: string; fingerprint: string };

async function readGate(env: Env): Promise<Gate> {
  // Nearly always off: the edge state (its switch read with the catalogue version, at most once a second per
  // isolate, forgotten at once by a write here: switching the gate bumps the version) says so without a query
  // of its own, so an ordinary request pays no D1 round trip for the gate (docs/decisions/012).
  if (!(await readEdgeState(getDb(env))).gateEnabled) return { active: false };
  const rows = await getDb(env)
    .select({ key: configurations.key, value: configurations.value })
    .from(configurations)
    .where(inArray(configurations.key, [CONFIG_KEYS.websitePasswordEnabled, CONFIG_KEYS.websitePassword]))
    .all();
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const enabled = value(CONFIG_KEYS.websitePasswordEnabled) === true;
  const passwordHash = value(CONFIG_KEYS.websitePassword);
  if (!enabled || typeof passwordHash !== "string" || !passwordHash) return { active: false };
  // Grants name the password they were given for, so changing it ends them all.
  return { active: true, passwordHash, fingerprint: (await sha256Hex(passwordHash)).slice(0, 16) };
}

const gateKey = (env: Env) => hmacKey("noobrd site gate v1", sessionSecret(env));

async function issueGrant(env: Env, fingerprint: string, now = Date.now()): Promise<string> {
  const body = `${PREFIX}.${now + SITE_GRANT_TTL_MS}.${fingerprint}`;
  return `${body}.${await hmacSign(await gateKey(env), body)}`;
}

async function grantIsValid(env: Env, token: string, fingerprint: string, now = Date.now()): Promise<boolean> {
  const [prefix, expires, print, signature, extra] = token.split(".");
  if (prefix !== PREFIX || !expires || !print || !signature || extra !== undefined) return false;
  if (print !== fingerprint || !(Number(expires) > now)) return false;
  return hmacVerify(await gateKey(env), `${prefix}.${expires}.${print}`, signature);
}

function grantCookie(env: Env) {
  return createCookie("site_access", {
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: SITE_GRANT_TTL_MS / 1000,
    secrets: [sessionSecret(env)],
  });
}

export function grantCookieHeader(env: Env, token: string): Promise<string> {
  return grantCookie(env).serialize(token);
}

/** POST /api/admin/validate-website-password and the /password-login form. */
export async function validateSitePassword(
  env: Env,
  password: string,
  meta: { ip: string },
): Promise<{ token: string }> {
  await enforceRateLimit(env, [{ key: `site_gate:ip:${meta.ip}`, ...RATE }], SITE_GATE_COPY.tooMany);
  const gate = await readGate(env);
  if (!gate.active) return { token: await issueGrant(env, "open") };
  if (!password || password.length > 200 || !(await verifyPassword(password, gate.passwordHash))) {
    throw appError(401, SITE_GATE_COPY.wrongPassword);
  }
  return { token: await issueGrant(env, gate.fingerprint) };
}

/** POST /api/admin/validate-token-for-website-password, and /password-login?token=. */
export async function validateSiteToken(env: Env, token: string): Promise<{ token: string }> {
  const gate = await readGate(env);
  if (!gate.active) return { token };
  if (!token || token.length > 300 || !(await grantIsValid(env, token, gate.fingerprint))) {
    throw appError(401, SITE_GATE_COPY.invalidToken);
  }
  return { token };
}

export async function hasSiteAccess(request: Request, env: Env): Promise<boolean> {
  const gate = await readGate(env);
  if (!gate.active) return true;
  const token: unknown = await grantCookie(env).parse(request.headers.get("Cookie"));
  return typeof token === "string" && (await grantIsValid(env, token, gate.fingerprint));
}
