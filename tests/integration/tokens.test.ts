import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_MS, signAccessToken } from "~/features/auth/access-token.server";
import { AUTH_COPY, SOCIAL_COPY, TOKEN_COPY } from "~/features/auth/copy";
import { createSession } from "~/features/auth/session.server";
import { LOGIN_HANDOFF_TTL_MS } from "~/features/auth/social.server";
import { sha256Hex } from "~/lib/crypto";
import { banUser, createUser } from "../factories";
import { Client } from "./client";
import { throughProvider, unique } from "./social-flow";

type Pair = { accessToken: string; refreshToken: string };

async function loggedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(env.DB, overrides);
  const client = new Client();
  client.cookies.set("session", (await createSession(env, user.id)).split(";")[0]?.split("=")[1] ?? "");
  return { user, client };
}

async function tokenPair(client: Client): Promise<Pair> {
  const response = await client.post("/api/auth/generate-new-token", {});
  expect(response.status).toBe(200);
  return response.json<Pair>();
}

function refresh(refreshToken: string) {
  return new Client().postJson("/api/auth/refresh-token", { refreshToken });
}

/** A client that only carries a bearer token (no cookies). */
function bearer(accessToken: string) {
  return { Authorization: `Bearer ${accessToken}` };
}

async function headerShowsLoggedIn(headers: HeadersInit) {
  return (await (await new Client().get("/contact-us", headers)).text()).includes("Log out");
}

describe("API tokens", () => {
  it("turns a browser session into a token pair; the access token authenticates requests", async () => {
    const { client } = await loggedIn();
    const pair = await tokenPair(client);
    expect(pair.accessToken).toMatch(/^at1\./);
    expect(await headerShowsLoggedIn(bearer(pair.accessToken))).toBe(true);
    // A token client can ask for a new pair with its access token alone.
    const again = await new Client().post("/api/auth/generate-new-token", {}, bearer(pair.accessToken));
    expect(again.status).toBe(200);
    // Nobody logged in: 401.
    expect((await new Client().post("/api/auth/generate-new-token", {})).status).toBe(401);
  });

  it("refuses forged, tampered and expired access tokens", async () => {
    const { user, client } = await loggedIn();
    const pair = await tokenPair(client);
    const [prefix, body, signature] = pair.accessToken.split(".");
    const claims = JSON.parse(atob((body ?? "").replaceAll("-", "+").replaceAll("_", "/")));
    const tampered = `${prefix}.${btoa(JSON.stringify({ ...claims, sub: "someone-else" })).replace(/=+$/, "")}.${signature}`;
    expect(await headerShowsLoggedIn(bearer(tampered))).toBe(false);
    expect(await headerShowsLoggedIn(bearer("at1.garbage.garbage"))).toBe(false);
    const old = await signAccessToken(
      env,
      { userId: user.id, sessionId: claims.sid, familyId: claims.fam },
      Date.now() - ACCESS_TOKEN_TTL_MS - 1000,
    );
    expect(await headerShowsLoggedIn(bearer(old.token))).toBe(false);
    const generate = await new Client().post("/api/auth/generate-new-token", {}, bearer(old.token));
    expect(generate.status).toBe(401);
  });

  it("rotates refresh tokens; reusing one revokes the whole family", async () => {
    const { client } = await loggedIn();
    const first = await tokenPair(client);

    const rotated = await refresh(first.refreshToken);
    expect(rotated.status).toBe(200);
    const second = await rotated.json<Pair>();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(await headerShowsLoggedIn(bearer(second.accessToken))).toBe(true);

    const third = await (await refresh(second.refreshToken)).json<Pair>();

    // The first token was used already: someone copied it. Every token of the family dies.
    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toMatchObject({ success: false, message: TOKEN_COPY.reused });
    expect((await refresh(third.refreshToken)).status).toBe(401);
    expect(await headerShowsLoggedIn(bearer(third.accessToken))).toBe(false);
    // The browser session it came from is untouched; it can start a new family.
    expect(await client.isLoggedIn()).toBe(true);
    const fresh = await tokenPair(client);
    expect((await refresh(fresh.refreshToken)).status).toBe(200);
  });

  it("lets exactly one of two concurrent refreshes of the same token win", async () => {
    const { client } = await loggedIn();
    const pair = await tokenPair(client);
    const results = await Promise.all([refresh(pair.refreshToken), refresh(pair.refreshToken)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
    // The loser looks like a replay, so the family is revoked: nothing of it stays live.
    const live = await env.DB.prepare(
      `SELECT count(*) AS n FROM refresh_tokens WHERE revoked_at IS NULL
         AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ?)`,
    )
      .bind(await sha256Hex(pair.refreshToken))
      .first<{ n: number }>();
    expect(live?.n).toBe(0);
  });

  it("ends the tokens with the login: logout, then refresh and access both fail", async () => {
    const { client } = await loggedIn();
    const pair = await tokenPair(client);
    const logout = await new Client().post("/api/logout", {}, bearer(pair.accessToken));
    expect(logout.status).toBe(200);
    expect(await headerShowsLoggedIn(bearer(pair.accessToken))).toBe(false);
    const after = await refresh(pair.refreshToken);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ message: TOKEN_COPY.expired });
  });

  it("refuses unknown and missing refresh tokens with 4xx, never 500", async () => {
    expect((await refresh("not-a-token")).status).toBe(401);
    expect((await new Client().postJson("/api/auth/refresh-token", {})).status).toBe(400);
    const malformed = await new Client().post("/api/auth/refresh-token", { refreshToken: "" });
    expect(malformed.status).toBe(400);
  });
});

describe("save-country API", () => {
  it("saves the logged-in user's own country and answers a token pair", async () => {
    const { user, client } = await loggedIn({ country: "US" });
    const response = await client.postJson(`/api/auth/user/save-country/${user.id}`, { billing_country: "IN" });
    expect(response.status).toBe(200);
    const body = await response.json<Pair & { user: { baseCurrency: string } }>();
    expect(body.user.baseCurrency).toBe("INR");
    expect(body.accessToken).toMatch(/^at1\./);
    expect((await refresh(body.refreshToken)).status).toBe(200);
  });

  it("refuses another user's id (403), nobody (401) and a bad country (400)", async () => {
    const { client } = await loggedIn();
    const other = await createUser(env.DB, { country: "US" });
    const path = `/api/auth/user/save-country/${other.id}`;
    expect((await client.postJson(path, { billing_country: "IN" })).status).toBe(403);
    expect((await new Client().postJson(path, { billing_country: "IN" })).status).toBe(401);
    expect((await client.postJson(path, { billing_country: "XX" })).status).toBe(400);
    const row = await env.DB.prepare("SELECT country FROM users WHERE id = ?").bind(other.id).first();
    expect(row?.country).toBe("US");
  });

  it("finishes a social sign-in from the country page's hand-off, once", async () => {
    const client = new Client("198.51.100.60");
    const id = unique();
    const { response } = await throughProvider(client, "google", {
      custom_id: `api-${id}`,
      custom_name: "Api User",
      custom_email: `api.${id}@example.com`,
      custom_verified: "yes",
    });
    const userId = (response.headers.get("Location") ?? "").split("/").at(-1) ?? "";
    const saved = await client.postJson(`/api/auth/user/save-country/${userId}`, { billing_country: "IN" });
    expect(saved.status).toBe(200);
    const body = await saved.json<Pair>();
    expect(await headerShowsLoggedIn(bearer(body.accessToken))).toBe(true);
    // The hand-off is used up.
    const again = await client.postJson(`/api/auth/user/save-country/${userId}`, { billing_country: "US" });
    expect(again.status).toBe(401);
  });
});

describe("save-country API, banned during the capture", () => {
  it("refuses (403) before saving the country, on the API and the page", async () => {
    const client = new Client("198.51.100.61");
    const id = unique();
    const { response } = await throughProvider(client, "google", {
      custom_id: `ban-${id}`,
      custom_name: "Ban Me",
      custom_email: `ban.${id}@example.com`,
      custom_verified: "yes",
    });
    const userId = (response.headers.get("Location") ?? "").split("/").at(-1) ?? "";
    await banUser(env.DB, userId);
    const api = await client.postJson(`/api/auth/user/save-country/${userId}`, { billing_country: "IN" });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ success: false, message: AUTH_COPY.banned });
    const page = await client.post(`/country-capture/${userId}`, { billing_country: "IN" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login");
    const row = await env.DB.prepare("SELECT country FROM users WHERE id = ?").bind(userId).first();
    expect(row).toEqual({ country: null });
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(userId).first();
    expect(sessions).toEqual({ n: 0 });
  });
});

describe("custom-redirection hand-off", () => {
  async function handoff(ip: string) {
    const client = new Client(ip);
    const id = unique();
    const user = await createUser(env.DB, { email: `handoff.${id}@example.com`, country: "US" });
    const { response } = await throughProvider(client, "google", {
      custom_id: `handoff-${id}`,
      custom_name: "Hand Off",
      custom_email: user.email ?? "",
      custom_verified: "yes",
    });
    const path = response.headers.get("Location") ?? "";
    expect(path).toMatch(/^\/google-discord-user\/save-user-data\/custom-redirection\//);
    return { client, path, user };
  }

  it("carries no credential: the segments are a hand-off that lives at most two minutes", async () => {
    const { path, user } = await handoff("198.51.100.70");
    const [, , , , id, handoffId, code] = path.split("/");
    expect(id).toBe(user.id);
    // The hand-off's public id and code; its secret token is only in the HttpOnly cookie.
    expect(handoffId).toMatch(/^[0-9a-z]{20}$/);
    expect(code).toMatch(/^\d{6}$/);
    const row = await env.DB.prepare(
      "SELECT expires_at - created_at AS ttl FROM one_time_codes WHERE purpose = 'social_handoff' AND user_id = ? AND used_at IS NULL",
    )
      .bind(user.id)
      .first<{ ttl: number }>();
    expect(row?.ttl).toBeLessThanOrEqual(LOGIN_HANDOFF_TTL_MS);
    expect(LOGIN_HANDOFF_TTL_MS).toBeLessThanOrEqual(2 * 60 * 1000);
  });

  it("logs in once; the same URL a second time does not", async () => {
    const { client, path } = await handoff("198.51.100.71");
    const first = await client.get(path);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/");
    expect(await client.isLoggedIn()).toBe(true);
    const replay = new Client("198.51.100.71");
    replay.cookies.set("social_handoff", client.cookie("social_handoff") ?? "");
    const second = await replay.get(path);
    expect(second.headers.get("Location")).toBe("/login");
    expect(await (await replay.follow(second)).response.text()).toContain(SOCIAL_COPY.expired);
    expect(await replay.isLoggedIn()).toBe(false);
  });

  it("works only in the browser that signed in, for the right user, with the right code", async () => {
    const { client, path, user } = await handoff("198.51.100.72");
    // Another browser with the URL alone (a leaked link, or a login-CSRF attempt).
    expect((await new Client().get(path)).headers.get("Location")).toBe("/login");
    const parts = path.split("/");
    const otherUser = [...parts.slice(0, 4), "someone-else", ...parts.slice(5)].join("/");
    expect((await client.get(otherUser)).headers.get("Location")).toBe("/login");
    const wrongCode = [...parts.slice(0, 6), parts[6] === "000000" ? "111111" : "000000"].join("/");
    expect((await client.get(wrongCode)).headers.get("Location")).toBe("/login");
    expect(await client.isLoggedIn()).toBe(false);
    expect(user.id).toMatch(/^[0-9a-z]{20}$/);
  });

  it("expires", async () => {
    const { client, path, user } = await handoff("198.51.100.73");
    await env.DB.prepare(
      "UPDATE one_time_codes SET expires_at = ? WHERE purpose = 'social_handoff' AND user_id = ? AND used_at IS NULL",
    )
      .bind(Date.now() - 1, user.id)
      .run();
    expect((await client.get(path)).headers.get("Location")).toBe("/login");
    expect(await client.isLoggedIn()).toBe(false);
  });
});
