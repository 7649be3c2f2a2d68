import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { consumeCode, issueCode } from "~/features/auth/codes.server";
import { AUTH_RATE_LIMITS } from "~/features/auth/constants";
import { AUTH_COPY } from "~/features/auth/copy";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { banUser, createUser } from "../factories";
import { botCheck, postForm, request } from "./app";

let counter = 0;
function newAccount() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `player_${id}`,
    fullName: "Riya Sharma",
    email: `riya.${id}@example.com`,
    password: "Str0ng-pass!",
    country: "IN",
    ...botCheck(),
  };
}

async function latestEmail(to: string) {
  const [message] = await readOutbox(env.PRIVATE_FILES, { to, limit: 1 });
  if (!message) throw new Error(`no email to ${to}`);
  return message;
}

function sessionCookie(response: Response) {
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("session=") && !c.startsWith("session=;"))
    ?.split(";")[0];
}

async function signUp(account = newAccount(), ip = "192.0.2.10") {
  const response = await postForm("/signup", account, { "CF-Connecting-IP": ip });
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/signup\/verifyotp\/[\w-]+\//);
  return { account, location, email: await latestEmail(account.email) };
}

async function isLoggedIn(cookie: string | undefined) {
  const html = await (await request("/contact-us", { headers: cookie ? { Cookie: cookie } : {} })).text();
  return html.includes("Log out");
}

describe("sign-up and verification", () => {
  it("verifies by the emailed code and logs the user in", async () => {
    const { location, email } = await signUp();
    const code = /code is (\d{6})/.exec(email.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const response = await postForm(location, { intent: "verify", otp: code ?? "" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await isLoggedIn(sessionCookie(response))).toBe(true);
  });

  it("verifies by the emailed link", async () => {
    const { email } = await signUp();
    const link = /\/signup\/verify\/[\w-]+/.exec(email.text)?.[0] ?? "";
    const response = await request(link);
    expect(response.status).toBe(302);
    expect(await isLoggedIn(sessionCookie(response))).toBe(true);
    // A link works once.
    const again = await request(link);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(AUTH_COPY.linkInvalid);
  });

  it("does not let the code screen's handle verify the email on its own", async () => {
    const { location } = await signUp();
    const handle = location.split("/")[3] ?? "";
    const response = await request(`/signup/verify/${handle}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(AUTH_COPY.linkInvalid);
  });

  it("refuses a wrong code, a duplicate email, and logging in before verifying", async () => {
    const { account, location } = await signUp();
    const wrong = await postForm(location, { intent: "verify", otp: "000000" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(AUTH_COPY.codeInvalid);

    // A taken email answers like a new account (no enumeration); the owner is told by email.
    const duplicate = await postForm("/signup", { ...account, ...botCheck(), username: `${account.username}x` });
    expect(duplicate.status).toBe(302);
    expect(duplicate.headers.get("Location")).toMatch(/^\/signup\/verifyotp\/[\w-]+\//);
    const [notice] = await readOutbox(env.PRIVATE_FILES, { to: account.email, limit: 1 });
    expect(notice?.subject).toBe("Someone tried to sign up with your email");
    const decoy = await postForm(duplicate.headers.get("Location") ?? "", { intent: "verify", otp: "000000" });
    expect(decoy.status).toBe(400);
    expect(await decoy.text()).toContain(AUTH_COPY.codeInvalid);

    const login = await postForm("/login", { email: account.email, password: account.password });
    expect(login.status).toBe(403);
    expect(await login.text()).toContain("Please verify your email");
  });

  it("rejects bad sign-up input with field messages and creates nothing", async () => {
    const account = newAccount();
    const response = await postForm("/signup", { ...account, email: "nope", password: "short", country: "XX" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Password must be at least 8 characters");
    expect(html).toContain("Please select your country");
    const row = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE username = ?")
      .bind(account.username)
      .first();
    expect(row?.n).toBe(0);
  });
});

describe("login", () => {
  async function verifiedAccount(ip?: string) {
    const { account, email, location } = await signUp(newAccount(), ip);
    const code = /code is (\d{6})/.exec(email.text)?.[1] ?? "";
    await postForm(location, { intent: "verify", otp: code });
    return account;
  }

  it("logs in, goes to the return path, and rotates the session", async () => {
    const account = await verifiedAccount();
    const first = await postForm("/login", {
      email: account.email,
      password: account.password,
      redirectTo: "/contact-us",
    });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/contact-us");
    const cookie = sessionCookie(first);
    const second = await postForm(
      "/login",
      { email: account.email, password: account.password },
      { Cookie: cookie ?? "" },
    );
    expect(second.headers.get("Location")).toBe("/");
    expect(await isLoggedIn(cookie)).toBe(false);
    expect(await isLoggedIn(sessionCookie(second))).toBe(true);
  });

  it("refuses an off-site return path", async () => {
    const account = await verifiedAccount();
    const response = await postForm("/login", {
      email: account.email,
      password: account.password,
      redirectTo: "//evil.example",
    });
    expect(response.headers.get("Location")).toBe("/");
  });

  it("answers a wrong password and an unknown email the same way", async () => {
    const account = await verifiedAccount();
    const wrong = await postForm("/login", { email: account.email, password: "Wrong-pass-1" });
    const unknown = await postForm("/login", { email: "nobody@example.com", password: "Wrong-pass-1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.text()).toContain(AUTH_COPY.invalidCredentials);
    expect(await unknown.text()).toContain(AUTH_COPY.invalidCredentials);
  });

  it("trips the login rate limit per account and address", async () => {
    const account = await verifiedAccount();
    const { max } = AUTH_RATE_LIMITS.login;
    const ip = { "CF-Connecting-IP": "192.0.2.99" };
    for (let i = 0; i < max; i++) {
      await postForm("/login", { email: account.email, password: "Wrong-pass-1" }, ip);
    }
    const limited = await postForm("/login", { email: account.email, password: account.password }, ip);
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(AUTH_RATE_LIMITS.login.windowMs / 1000);
  });

  it("counts failed logins, not successful ones: a household behind one address never locks itself out", async () => {
    // Sign-ups from their own address (sign-ups are limited per address too).
    const accounts = [await verifiedAccount("192.0.2.211"), await verifiedAccount("192.0.2.212")];
    const ip = { "CF-Connecting-IP": "192.0.2.210" };
    const { max } = AUTH_RATE_LIMITS.login;
    // Twice the limit of successful sign-ins from one address: every one goes through.
    for (let i = 0; i < max * 2; i++) {
      const account = accounts[i % accounts.length] as (typeof accounts)[number];
      const signedIn = await postForm("/login", { email: account.email, password: account.password }, ip);
      expect(signedIn.status, `sign-in ${i + 1}`).toBe(302);
    }
    // Failures still count: the address is refused once they pass its limit across accounts, with the wait.
    let refused: Response | null = null;
    for (let i = 0; i <= AUTH_RATE_LIMITS.loginAddress.max && !refused; i++) {
      const answer = await postForm("/login", { email: `nobody${i}@example.com`, password: "Wrong-pass-1" }, ip);
      if (answer.status === 429) refused = answer;
    }
    expect(refused?.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("refuses banned accounts", async () => {
    const account = await verifiedAccount();
    const user = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
      .bind(account.email)
      .first<{ id: string }>();
    await banUser(env.DB, user?.id ?? "");
    const response = await postForm("/login", { email: account.email, password: account.password });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(AUTH_COPY.banned);
  });
});

describe("forgotten password", () => {
  it("answers the same for unknown emails, and resets by the emailed link", async () => {
    const unknown = await postForm("/forgot-password", { email: "ghost@example.com", ...botCheck("reset") });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain(AUTH_COPY.resetSent);

    const { account } = await signUp();
    const known = await postForm("/forgot-password", { email: account.email, ...botCheck("reset") });
    expect(await known.text()).toContain(AUTH_COPY.resetSent);
    const email = await latestEmail(account.email);
    const link = /\/reset-password\/[\w-]+/.exec(email.text)?.[0] ?? "";
    const reset = await postForm(link, { newPassword: "N3w-password!", confirmPassword: "N3w-password!" });
    expect(reset.status).toBe(302);
    expect(await isLoggedIn(sessionCookie(reset))).toBe(true);
    // The link is single-use, the old password no longer works, the new one does.
    const reuse = await postForm(link, { newPassword: "Other-pass-9", confirmPassword: "Other-pass-9" });
    expect(reuse.status).toBe(400);
    // From an address of its own: this file's earlier failures from the default one would ask for the bot check.
    const own = { "CF-Connecting-IP": "192.0.2.230" };
    expect((await postForm("/login", { email: account.email, password: account.password }, own)).status).toBe(401);
    expect((await postForm("/login", { email: account.email, password: "N3w-password!" }, own)).status).toBe(302);
  });
});

describe("one-time codes", () => {
  it("expire after 10 minutes and refuse reuse", async () => {
    const user = await createUser(env.DB, { emailVerifiedAt: null });
    const issuedAt = new Date("2026-01-01T10:00:00Z");
    const { token, code } = await issueCode(
      env,
      { purpose: "verify_email", userId: user?.id ?? "", withCode: true },
      issuedAt,
    );
    const late = new Date(issuedAt.getTime() + 10 * 60 * 1000 + 1);
    expect(await consumeCode(env, "verify_email", token, code ?? "", { now: late })).toBeUndefined();

    const fresh = await issueCode(env, { purpose: "verify_email", userId: user?.id ?? "", withCode: true }, issuedAt);
    const inTime = new Date(issuedAt.getTime() + 9 * 60 * 1000);
    expect(await consumeCode(env, "verify_email", fresh.id, fresh.code ?? "", { now: inTime })).toMatchObject({
      id: fresh.id,
    });
    expect(await consumeCode(env, "verify_email", fresh.id, fresh.code ?? "", { now: inTime })).toBeUndefined();
  });

  it("stop accepting even the right code after too many wrong guesses", async () => {
    const user = await createUser(env.DB, { emailVerifiedAt: null });
    const { id, code } = await issueCode(env, { purpose: "verify_email", userId: user.id, withCode: true });
    for (let i = 0; i < 5; i++) await consumeCode(env, "verify_email", id, code === "111111" ? "222222" : "111111");
    expect(await consumeCode(env, "verify_email", id, code ?? "")).toBeUndefined();
  });
});

describe("rate limits", () => {
  it("trip sign-up per address and forgot-password per account", async () => {
    const ip = { "CF-Connecting-IP": "198.51.100.77" };
    for (let i = 0; i < AUTH_RATE_LIMITS.signup.max; i++) {
      expect((await postForm("/signup", newAccount(), ip)).status).toBe(302);
    }
    expect((await postForm("/signup", newAccount(), ip)).status).toBe(429);

    for (let i = 0; i < AUTH_RATE_LIMITS.forgot.max; i++) {
      const response = await postForm(
        "/forgot-password",
        { email: "limit@example.com", ...botCheck("reset") },
        { "CF-Connecting-IP": `198.51.100.${i}` },
      );
      expect(response.status).toBe(200);
    }
    const limited = await postForm(
      "/forgot-password",
      { email: "limit@example.com", ...botCheck("reset") },
      { "CF-Connecting-IP": "198.51.100.200" },
    );
    expect(limited.status).toBe(429);
  });
});
