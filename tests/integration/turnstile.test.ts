import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { AUTH_COPY } from "~/features/auth/copy";
import { standInToken, TURNSTILE_TEST_KEYS } from "~/platform/stand-ins/turnstile/siteverify";
import { BOT_CHECK_FAILED, passedTurnstile } from "~/platform/turnstile/turnstile.server";
import { botCheckToken, postForm, postJson, request } from "./app";

/**
 * The bot check on sign-up (Cloudflare Turnstile through its local stand-in, which behaves as Cloudflare's test keys):
 * the token must pass siteverify, for this form's action and this site's hostname, once.
 */
let counter = 0;
function account() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { username: `bot_${id}`, email: `bot.${id}@example.com`, password: "Str0ng-pass!", country: "IN" };
}
const ip = (n: number) => ({ "CF-Connecting-IP": `198.51.100.${150 + n}` });
const check = { action: "signup", hostname: "localhost", remoteIp: "198.51.100.1" };

describe("Turnstile on sign-up", () => {
  it("the page carries the stand-in's token, and a sign-up with it passes", async () => {
    const html = await (await request("/signup")).text();
    const token = /name="cf-turnstile-response" value="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(token).toMatch(/^turnstile-stand-in\./);
    const response = await postForm("/signup", { ...account(), "cf-turnstile-response": token }, ip(1));
    expect(response.status).toBe(302);
    // The same token again: spent.
    const again = await postForm("/signup", { ...account(), "cf-turnstile-response": token }, ip(1));
    expect(again.status).toBe(403);
    expect(await again.text()).toContain(BOT_CHECK_FAILED);
  });

  it("refuses a sign-up without a token, a forged one, or one for another action or site, writing nothing", async () => {
    const tokens = [
      undefined,
      "",
      "XXXX.DUMMY.TOKEN.XXXX",
      botCheckToken("login"),
      standInToken(TURNSTILE_TEST_KEYS.passSiteKey, "signup", "evil.example") ?? "",
    ];
    for (const [n, token] of tokens.entries()) {
      const fields = account();
      const form = token === undefined ? fields : { ...fields, "cf-turnstile-response": token };
      const page = await postForm("/signup", form, ip(2 + n));
      expect(page.status, String(token)).toBe(403);
      const api = await postJson("/auth/signup", { ...account(), "cf-turnstile-response": token }, ip(10 + n));
      expect(api.status, String(token)).toBe(403);
      expect(await api.json()).toMatchObject({
        success: false,
        message: BOT_CHECK_FAILED,
        reason: "turnstile",
      });
      const made = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?")
        .bind(fields.email)
        .first<{ n: number }>();
      expect(made?.n).toBe(0);
    }
  });

  it("guards password reset too, answering the same for known and unknown addresses", async () => {
    for (const [n, email] of ["ghost@example.com", "someone@example.com"].entries()) {
      const refused = await postForm("/forgot-password", { email }, ip(20 + n));
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain(BOT_CHECK_FAILED);
      const api = await postJson(
        "/api/auth/forgot_password",
        { email, "cf-turnstile-response": botCheckToken("signup") },
        ip(22 + n),
      );
      expect(api.status).toBe(403);
      const passed = await postForm(
        "/forgot-password",
        { email, "cf-turnstile-response": botCheckToken("reset") },
        ip(24 + n),
      );
      expect(passed.status).toBe(200);
      expect(await passed.text()).toContain(AUTH_COPY.resetSent);
    }
  });

  it("behaves as Cloudflare's test keys: always-fail and already-spent secrets, always-block site key", async () => {
    expect(await passedTurnstile(env, botCheckToken(), check)).toBe(true);
    // A hostname with dots of its own (the browser tests' 127.0.0.1).
    const dotted = standInToken(TURNSTILE_TEST_KEYS.passSiteKey, "signup", "127.0.0.1") ?? "";
    expect(await passedTurnstile(env, dotted, { ...check, hostname: "127.0.0.1" })).toBe(true);
    const failing = { ...env, TURNSTILE_SECRET_KEY: TURNSTILE_TEST_KEYS.failSecret } as unknown as Env;
    expect(await passedTurnstile(failing, botCheckToken(), check)).toBe(false);
    const spent = { ...env, TURNSTILE_SECRET_KEY: TURNSTILE_TEST_KEYS.spentSecret } as unknown as Env;
    expect(await passedTurnstile(spent, botCheckToken(), check)).toBe(false);
    expect(standInToken(TURNSTILE_TEST_KEYS.blockSiteKey, "signup", "localhost")).toBeNull();
  });
});
