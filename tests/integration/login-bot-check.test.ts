import { describe, expect, it } from "vitest";
import { LOGIN_BOT_CHECK_AFTER } from "~/features/auth/constants";
import { BOT_CHECK_FAILED } from "~/platform/turnstile/turnstile.server";
import { botCheck, botCheckToken, postForm, postJson } from "./app";
import { loggedInUser } from "./session";

/**
 * Login asks for the bot check after LOGIN_BOT_CHECK_AFTER failures for the account (from any address) or from the
 * address (to any account), on the page (JavaScript off: a plain form POST) and the JSON call (docs/decisions/033).
 */
const from = (ip: string) => ({ "CF-Connecting-IP": ip });
const tokenIn = (html: string) => /name="cf-turnstile-response" value="([^"]+)"/.exec(html)?.[1] ?? null;

async function failures(email: string, ip: string, count = LOGIN_BOT_CHECK_AFTER) {
  let last = "";
  for (let i = 0; i < count; i++) {
    const answer = await postForm("/login", { email, password: `Wrong-pass-${i}` }, from(ip));
    expect(answer.status, `failure ${i + 1}`).toBe(401);
    last = await answer.text();
  }
  return last;
}

describe("the bot check on login after failures", () => {
  it("a person's first mistypes need no check; after the threshold the page carries the widget and its token passes", async () => {
    const email = "botcheck.page@example.com";
    await loggedInUser({ email }, "Owner-pass-1");
    const ip = "203.0.113.31";
    const first = await postForm("/login", { email, password: "Wrong-pass-x" }, from(ip));
    expect(tokenIn(await first.text())).toBeNull();
    const page = await failures(email, ip, LOGIN_BOT_CHECK_AFTER - 1);
    // The form that answered the last failure already carries the check (the stand-in's token, no JavaScript needed).
    const token = tokenIn(page);
    expect(token).toMatch(/^turnstile-stand-in\./);
    const without = await postForm("/login", { email, password: "Owner-pass-1" }, from(ip));
    expect(without.status).toBe(403);
    const refusedPage = await without.text();
    expect(refusedPage).toContain(BOT_CHECK_FAILED);
    expect(tokenIn(refusedPage)).toMatch(/^turnstile-stand-in\./);
    const passed = await postForm(
      "/login",
      { email, password: "Owner-pass-1", "cf-turnstile-response": token ?? "" },
      from(ip),
    );
    expect(passed.status).toBe(302);
    // The token is spent: a second use is refused even with the right password.
    const again = await postForm(
      "/login",
      { email, password: "Owner-pass-1", "cf-turnstile-response": token ?? "" },
      from(ip),
    );
    expect(again.status).toBe(403);
  });

  it("failures of one account from many addresses ask for the check at any address (a check, never a lockout)", async () => {
    const email = "botcheck.spread@example.com";
    await loggedInUser({ email }, "Owner-pass-1");
    for (let i = 0; i < LOGIN_BOT_CHECK_AFTER; i++) {
      const answer = await postForm("/login", { email, password: "Wrong-pass-1" }, from(`198.51.100.${60 + i}`));
      expect(answer.status).toBe(401);
    }
    const owner = from("198.51.100.90");
    expect((await postForm("/login", { email, password: "Owner-pass-1" }, owner)).status).toBe(403);
    const passed = await postForm("/login", { email, password: "Owner-pass-1", ...botCheck("login") }, owner);
    expect(passed.status).toBe(302);
  });

  it("one address failing across accounts is asked on the JSON call: no token, a wrong action, a forged one, then a good one", async () => {
    const email = "botcheck.api@example.com";
    await loggedInUser({ email }, "Owner-pass-1");
    const ip = "203.0.113.32";
    for (let i = 0; i < LOGIN_BOT_CHECK_AFTER; i++) {
      const answer = await postJson(
        "/auth/login",
        { email: `other${i}@example.com`, password: "Wrong-pass-1" },
        from(ip),
      );
      expect(answer.status).toBe(401);
    }
    for (const token of [undefined, botCheckToken("signup"), "turnstile-stand-in.forged"]) {
      const refused = await postJson(
        "/auth/login",
        { email, password: "Owner-pass-1", "cf-turnstile-response": token },
        from(ip),
      );
      expect(refused.status, String(token)).toBe(403);
      expect(await refused.json()).toMatchObject({ success: false, message: BOT_CHECK_FAILED, reason: "turnstile" });
    }
    const passed = await postJson("/auth/login", { email, password: "Owner-pass-1", ...botCheck("login") }, from(ip));
    expect(passed.status).toBe(200);
  });

  it("guards the staff login (page and JSON) the same way", async () => {
    const email = "botcheck.staff@example.com";
    await loggedInUser({ email, role: "admin" }, "Staff-pass-1");
    const ip = "203.0.113.33";
    for (let i = 0; i < LOGIN_BOT_CHECK_AFTER; i++) {
      const answer = await postForm("/admin/login", { username: email, password: "Wrong-pass-1" }, from(ip));
      expect(answer.status).toBe(401);
    }
    expect((await postForm("/admin/login", { username: email, password: "Staff-pass-1" }, from(ip))).status).toBe(403);
    const api = await postJson("/api/admin/login", { username: email, password: "Staff-pass-1" }, from(ip));
    expect(api.status).toBe(403);
    const passed = await postForm(
      "/admin/login",
      { username: email, password: "Staff-pass-1", ...botCheck("login") },
      from(ip),
    );
    expect(passed.status).toBe(302);
    // A success gives its hit back, not the earlier failures: the JSON call still asks, and passes with a token.
    const apiPassed = await postJson(
      "/api/admin/login",
      { username: email, password: "Staff-pass-1", ...botCheck("login") },
      from(ip),
    );
    expect(apiPassed.status).toBe(200);
  });
});
