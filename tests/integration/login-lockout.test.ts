import { describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "~/features/auth/constants";
import { botCheck, postForm } from "./app";
import { loggedInUser } from "./session";

const from = (ip: string) => ({ "CF-Connecting-IP": ip });

describe("failed logins are limited per account and address together", () => {
  it("an attacker's wrong passwords from elsewhere never lock the owner out of their own address", async () => {
    const email = "owner.lockout@example.com";
    await loggedInUser({ email }, "Owner-pass-1");
    const attacker = from("203.0.113.66");
    // Past the lockout for this account, all from the attacker's address.
    for (let i = 0; i <= AUTH_RATE_LIMITS.login.max; i++) {
      await postForm("/login", { email, password: `Wrong-pass-${i}` }, attacker);
    }
    const slowed = await postForm("/login", { email, password: "Owner-pass-1" }, attacker);
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get("Retry-After")).toMatch(/^\d+$/);
    // The account's failures ask its next logins for the bot check (docs/decisions/033), which a person passes.
    const owner = await postForm(
      "/login",
      { email, password: "Owner-pass-1", ...botCheck("login") },
      from("198.51.100.200"),
    );
    expect(owner.status).toBe(302);
  });

  it("one address guessing across many accounts is refused past the looser per-address limit", async () => {
    const stuffer = from("203.0.113.77");
    const { max } = AUTH_RATE_LIMITS.loginAddress;
    expect(max).toBeGreaterThan(AUTH_RATE_LIMITS.login.max);
    for (let i = 0; i < max; i++) {
      const guess = { email: `victim${i}@example.com`, password: "Wrong-pass-1", ...botCheck("login") };
      const answer = await postForm("/login", guess, stuffer);
      expect(answer.status, `guess ${i + 1}`).toBe(401);
    }
    const refused = await postForm("/login", { email: "victim-next@example.com", password: "Wrong-pass-1" }, stuffer);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});
