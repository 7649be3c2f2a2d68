import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH_COPY, SOCIAL_COPY } from "~/features/auth/copy";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { banUser, createUser, setPasswordHash } from "../factories";
import { ORIGIN } from "./app";
import { Client } from "./client";
import { type Provider, STAND_IN, throughProvider, unique } from "./social-flow";

async function userByEmail(email: string) {
  return env.DB.prepare("SELECT * FROM users WHERE email = ?").bind(email).first<Record<string, unknown>>();
}

async function latestCode(to: string) {
  const [message] = await readOutbox(env.PRIVATE_FILES, { to, limit: 1 });
  const code = /(\d{6}) \(expires/.exec(message?.text ?? "")?.[1];
  if (!code) throw new Error(`no code emailed to ${to}`);
  return code;
}

function hiddenValue(html: string, name: string) {
  return new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
}

describe("Discord and Google sign-in against the stand-in", () => {
  it("creates an account from a verified Discord identity, asks the country, then logs in", async () => {
    const client = new Client();
    const { response } = await throughProvider(client, "discord", "nelly");
    expect(response.status).toBe(302);
    const user = await userByEmail("nelly@stand-in.test");
    expect(user).toMatchObject({ username: "nelly", full_name: "Nelly", country: null });
    expect(user?.email_verified_at).not.toBeNull();
    expect(response.headers.get("Location")).toBe(`/country-capture/${user?.id}`);
    // The state cookie is single-purpose: cleared once the callback has used it.
    expect([...client.cookies.keys()].some((name) => name.startsWith("oauth_discord"))).toBe(false);

    const page = await client.get(`/country-capture/${user?.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Where do you play from?");

    const saved = await client.post(`/country-capture/${user?.id}`, { billing_country: "IN" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toMatch(
      new RegExp(`^/google-discord-user/save-user-data/custom-redirection/${user?.id}/[\\w-]+/\\d{6}$`),
    );
    const { response: landed, hops } = await client.follow(saved);
    expect(hops.at(-1)).toBe("/");
    expect(landed.status).toBe(200);
    expect(await client.isLoggedIn()).toBe(true);
    const after = await userByEmail("nelly@stand-in.test");
    expect(after).toMatchObject({ country: "IN", base_currency: "INR" });

    // Signing in again goes straight through: the identity is linked, nothing is asked.
    const again = new Client();
    const second = await throughProvider(again, "discord", "nelly");
    expect(second.response.headers.get("Location")).toMatch(
      /^\/google-discord-user\/save-user-data\/custom-redirection\//,
    );
    await again.follow(second.response);
    expect(await again.isLoggedIn()).toBe(true);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM oauth_accounts WHERE provider_user_id = ?")
      .bind("80351110224678912")
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("asks for an email (confirmed by a code) and a country when the provider shares no email", async () => {
    const client = new Client("198.51.100.21");
    const id = unique();
    const email = `kai.${id}@example.com`;
    const { response } = await throughProvider(client, "discord", { custom_id: `kai-${id}`, custom_name: "Kai Quiet" });
    const location = response.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/email-capture\/\w+$/);
    const userId = location.split("/").at(-1) ?? "";
    const row = await env.DB.prepare("SELECT email, picture_url FROM users WHERE id = ?").bind(userId).first();
    expect(row?.email).toBeNull();

    expect((await client.get(location)).status).toBe(200);
    // Bad input is a 400 with a message, not a 500.
    const bad = await client.post(location, { intent: "send", email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid email address");

    const sent = await client.post(location, { intent: "send", email });
    expect(sent.status).toBe(200);
    const html = await sent.text();
    expect(html).toContain("Check your email");
    const handle = hiddenValue(html, "handle");
    expect(handle).toMatch(/^[0-9a-z]{20}$/);

    const wrong = await client.post(location, { intent: "verify", email, handle, otp: "000000" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(AUTH_COPY.codeInvalid);
    expect(await userByEmail(email)).toBeNull();

    const confirmed = await client.post(location, { intent: "verify", email, handle, otp: await latestCode(email) });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(`/country-capture/${userId}`);
    expect(await userByEmail(email)).toMatchObject({ id: userId });

    const country = await client.post(`/country-capture/${userId}`, { billing_country: "DE" });
    await client.follow(country);
    expect(await client.isLoggedIn()).toBe(true);
    expect(await userByEmail(email)).toMatchObject({ country: "DE", base_currency: "USD" });
  });

  it("saves the email through POST /api/auth/user/save-email/:id (code, then confirm), only for its own browser", async () => {
    const client = new Client("198.51.100.31");
    const id = unique();
    const email = `api.capture.${id}@example.com`;
    const { response } = await throughProvider(client, "discord", {
      custom_id: `api-${id}`,
      custom_name: "Api Capture",
    });
    const userId = (response.headers.get("Location") ?? "").split("/").at(-1) ?? "";

    const stranger = new Client("198.51.100.32");
    expect((await stranger.postJson(`/api/auth/user/save-email/${userId}`, { email }, { Origin: ORIGIN })).status).toBe(
      401,
    );

    const sent = await client.postJson(`/api/auth/user/save-email/${userId}`, { email }, { Origin: ORIGIN });
    expect(sent.status).toBe(200);
    const { token } = (await sent.json()) as { token: string };
    const wrong = await client.postJson(
      `/api/auth/user/save-email/${userId}`,
      { email, token, otp: "000000" },
      { Origin: ORIGIN },
    );
    expect(wrong.status).toBe(400);
    const confirmed = await client.postJson(
      `/api/auth/user/save-email/${userId}`,
      { email, token, otp: await latestCode(email) },
      { Origin: ORIGIN },
    );
    expect(await confirmed.json()).toMatchObject({ success: true, redirectTo: `/country-capture/${userId}` });
    expect(await userByEmail(email)).toMatchObject({ id: userId });
  });

  it("treats an unverified provider email as a suggestion only", async () => {
    const client = new Client("198.51.100.22");
    const { response } = await throughProvider(client, "discord", "uma");
    const location = response.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/email-capture\//);
    expect(await userByEmail("uma@stand-in.test")).toBeNull();
    const page = await (await client.get(location)).text();
    expect(page).toContain('value="uma@stand-in.test"');
  });

  it("links a Google identity to the existing account with the same verified email", async () => {
    const existing = await createUser(env.DB, { email: "grace@stand-in.test", country: "GB", isStreamer: true });
    const client = new Client("198.51.100.23");
    const { response } = await throughProvider(client, "google", "grace", { redirectTo: "/about-us" });
    expect(response.headers.get("Location")).toMatch(
      new RegExp(`^/google-discord-user/save-user-data/custom-redirection/${existing.id}/`),
    );
    const { hops } = await client.follow(response);
    // An explicit return path wins over the influencer dashboard.
    expect(hops.at(-1)).toBe("/about-us");
    expect(await client.isLoggedIn()).toBe(true);
    const link = await env.DB.prepare("SELECT user_id FROM oauth_accounts WHERE provider = 'google'").first();
    expect(link?.user_id).toBe(existing.id);
    // The picture comes from the provider when the account has none.
    const user = await env.DB.prepare("SELECT picture_url FROM users WHERE id = ?").bind(existing.id).first();
    expect(String(user?.picture_url)).toMatch(/\/avatar\/grace\.svg$/);
  });

  it("sends influencers to their dashboard and refuses banned accounts", async () => {
    const id = unique();
    const streamer = await createUser(env.DB, { email: `streamer.${id}@example.com`, isStreamer: true });
    const client = new Client("198.51.100.24");
    const { response } = await throughProvider(client, "google", {
      custom_id: `streamer-${id}`,
      custom_name: "Streamer",
      custom_email: `streamer.${id}@example.com`,
      custom_verified: "yes",
    });
    const { hops } = await client.follow(response);
    expect(hops.at(-1)).toBe("/influencer/dashboard");

    await banUser(env.DB, streamer.id);
    const banned = new Client("198.51.100.25");
    const refused = await throughProvider(banned, "google", {
      custom_id: `streamer-${id}`,
      custom_name: "Streamer",
      custom_email: `streamer.${id}@example.com`,
      custom_verified: "yes",
    });
    expect(refused.response.headers.get("Location")).toBe("/login");
    const { response: login } = await banned.follow(refused.response);
    expect(await login.text()).toContain(AUTH_COPY.banned);
    expect(await banned.isLoggedIn()).toBe(false);
  });

  it("takes over an account whose owner never verified the email: password and sessions are dropped", async () => {
    const id = unique();
    const email = `squatted.${id}@example.com`;
    const squatted = await createUser(env.DB, { email, emailVerifiedAt: null, country: "US" });
    await setPasswordHash(env.DB, squatted.id, "pbkdf2-sha256$1$AA==$AA==");
    const client = new Client("198.51.100.26");
    const { response } = await throughProvider(client, "google", {
      custom_id: `owner-${id}`,
      custom_name: "Real Owner",
      custom_email: email,
      custom_verified: "yes",
    });
    await client.follow(response);
    expect(await client.isLoggedIn()).toBe(true);
    const row = await env.DB.prepare(
      "SELECT email_verified_at, (SELECT count(*) FROM credentials WHERE user_id = users.id) AS passwords FROM users WHERE id = ?",
    )
      .bind(squatted.id)
      .first();
    expect(row?.email_verified_at).not.toBeNull();
    expect(row?.passwords).toBe(0);
  });

  it("moves the identity to the existing account when the captured email is already registered", async () => {
    const id = unique();
    const email = `owner.${id}@example.com`;
    const owner = await createUser(env.DB, { email, country: "IN" });
    const client = new Client("198.51.100.27");
    const { response } = await throughProvider(client, "discord", { custom_id: `merge-${id}`, custom_name: "Merger" });
    const location = response.headers.get("Location") ?? "";
    const tempId = location.split("/").at(-1);
    const sent = await (await client.post(location, { intent: "send", email })).text();
    const confirmed = await client.post(location, {
      intent: "verify",
      email,
      handle: hiddenValue(sent, "handle"),
      otp: await latestCode(email),
    });
    expect(confirmed.headers.get("Location")).toMatch(
      new RegExp(`^/google-discord-user/save-user-data/custom-redirection/${owner.id}/`),
    );
    await client.follow(confirmed);
    expect(await client.isLoggedIn()).toBe(true);
    const temp = await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(tempId).first();
    expect(temp).toBeNull();
    const link = await env.DB.prepare("SELECT user_id FROM oauth_accounts WHERE provider_user_id = ?")
      .bind(`merge-${id}`)
      .first();
    expect(link?.user_id).toBe(owner.id);
  });

  it("goes back to /login with a message when the user cancels or the state does not match", async () => {
    const client = new Client("198.51.100.28");
    const cancelled = await throughProvider(client, "discord", "deny");
    expect(cancelled.response.headers.get("Location")).toBe("/login");
    expect(await (await client.follow(cancelled.response)).response.text()).toContain(SOCIAL_COPY.cancelled("Discord"));

    // A callback without the state cookie (another browser, or a forged link) does not log anyone in.
    const { callback } = await throughProvider(new Client("198.51.100.29"), "google", "grace");
    const stranger = new Client("198.51.100.30");
    const forged = await stranger.get(`${callback.pathname}${callback.search}`);
    expect(forged.headers.get("Location")).toBe("/login");
    expect(await (await stranger.follow(forged)).response.text()).toContain(SOCIAL_COPY.failed("Google"));
    expect(await stranger.isLoggedIn()).toBe(false);
  });

  it("starts from a plain link too, and 404s an unknown provider", async () => {
    const client = new Client();
    const start = await client.get("/auth/google?redirectTo=/about-us");
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toContain(`${STAND_IN}/google/authorize?`);
    expect((await client.get("/auth/myspace")).status).toBe(404);
    expect((await client.post("/auth/myspace", {})).status).toBe(404);
  });

  it("lets login forms post to the provider under the CSP", async () => {
    const response = await new Client().get("/login");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain(`form-action 'self' ${STAND_IN}`);
    const html = await response.text();
    expect(html).toContain('action="/auth/discord"');
    expect(html).toContain('action="/auth/google"');
  });
});

describe("capture pages are only for the browser that signed in", () => {
  async function capturing(ip: string) {
    const client = new Client(ip);
    const { response } = await throughProvider(client, "discord", {
      custom_id: `guard-${unique()}`,
      custom_name: "Guard",
    });
    const location = response.headers.get("Location") ?? "";
    return { client, location, userId: location.split("/").at(-1) ?? "" };
  }

  it("refuses other browsers and other user ids, for the page and its action", async () => {
    const a = await capturing("198.51.100.31");
    const b = await capturing("198.51.100.32");
    const stranger = new Client("198.51.100.33");
    for (const path of [a.location, `/country-capture/${a.userId}`]) {
      const page = await stranger.get(path);
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe("/login");
    }
    // B's hand-off does not open A's pages.
    expect((await b.client.get(a.location)).headers.get("Location")).toBe("/login");
    const edit = await b.client.post(`/country-capture/${a.userId}`, { billing_country: "IN" });
    expect(edit.headers.get("Location")).toBe("/login");
    const sent = await b.client.post(a.location, { intent: "send", email: "hijack@example.com" });
    expect(sent.headers.get("Location")).toBe("/login");
    const row = await env.DB.prepare("SELECT country FROM users WHERE id = ?").bind(a.userId).first();
    expect(row?.country).toBeNull();
    expect(await readOutbox(env.PRIVATE_FILES, { to: "hijack@example.com" })).toHaveLength(0);
  });
});

describe("email capture limits", () => {
  it("rate-limits sending codes per account being captured", async () => {
    const client = new Client("198.51.100.40");
    const { response } = await throughProvider(client, "discord", {
      custom_id: `limit-${unique()}`,
      custom_name: "Lim",
    });
    const location = response.headers.get("Location") ?? "";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await client.post(location, { intent: "send", email: `limit.${i}.${unique()}@example.com` })).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe("the stand-in provider's token endpoint", () => {
  async function codeFor(provider: Provider) {
    const verifier = "v".repeat(50);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
    const challenge = btoa(String.fromCharCode(...digest))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    const redirectUri = `${ORIGIN}/auth/${provider}/callback`;
    const response = await fetch(`${STAND_IN}/${provider}/authorize`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({
        response_type: "code",
        client_id: provider === "discord" ? env.OAUTH_DISCORD_CLIENT_ID : env.OAUTH_GOOGLE_CLIENT_ID,
        redirect_uri: redirectUri,
        state: "s",
        code_challenge: challenge,
        code_challenge_method: "S256",
        scope: "identify email",
        identity: provider === "discord" ? "nelly" : "grace",
      }),
    });
    const code = new URL(response.headers.get("Location") ?? "").searchParams.get("code") ?? "";
    return { code, verifier, redirectUri };
  }

  function exchange(provider: Provider, fields: Record<string, string>, secret: string) {
    const id = provider === "discord" ? env.OAUTH_DISCORD_CLIENT_ID : env.OAUTH_GOOGLE_CLIENT_ID;
    return fetch(`${STAND_IN}/${provider}/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${btoa(`${id}:${secret}`)}` },
      body: new URLSearchParams({ grant_type: "authorization_code", ...fields }),
    });
  }

  it("checks the client secret, PKCE and single use, and serves Discord-shaped user info", async () => {
    const secret = env.OAUTH_DISCORD_CLIENT_SECRET ?? "";
    const { code, verifier, redirectUri } = await codeFor("discord");
    const base = { code, redirect_uri: redirectUri };
    expect((await exchange("discord", { ...base, code_verifier: verifier }, "wrong")).status).toBe(401);
    const badPkce = await exchange("discord", { ...base, code_verifier: "w".repeat(50) }, secret);
    expect(badPkce.status).toBe(400);
    expect(await badPkce.json()).toMatchObject({ error: "invalid_grant" });
    const ok = await exchange("discord", { ...base, code_verifier: verifier }, secret);
    expect(ok.status).toBe(200);
    const { access_token } = await ok.json<{ access_token: string }>();
    const reused = await exchange("discord", { ...base, code_verifier: verifier }, secret);
    expect(reused.status).toBe(400);

    const me = await fetch(`${STAND_IN}/discord/users/@me`, { headers: { Authorization: `Bearer ${access_token}` } });
    expect(await me.json()).toEqual({
      id: "80351110224678912",
      username: "nelly",
      global_name: "Nelly",
      avatar: null,
      email: "nelly@stand-in.test",
      verified: true,
    });
    expect((await fetch(`${STAND_IN}/discord/users/@me`)).status).toBe(401);
  });

  it("serves Google-shaped OpenID user info", async () => {
    const { code, verifier, redirectUri } = await codeFor("google");
    const ok = await exchange(
      "google",
      { code, redirect_uri: redirectUri, code_verifier: verifier },
      env.OAUTH_GOOGLE_CLIENT_SECRET ?? "",
    );
    const { access_token } = await ok.json<{ access_token: string }>();
    const info = await (
      await fetch(`${STAND_IN}/google/userinfo`, { headers: { Authorization: `Bearer ${access_token}` } })
    ).json();
    expect(info).toMatchObject({ sub: "104857600000000000001", email: "grace@stand-in.test", email_verified: true });
    expect(Object.keys(info as object).sort()).toEqual(["email", "email_verified", "name", "picture", "sub"]);
  });
});
