import { describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "~/features/auth/constants";
import { botCheck, postForm, postJson } from "./app";
import { loggedInUser } from "./session";

/** Every refusal for too many attempts says how long to wait: a 429 always carries Retry-After (whole seconds). */
function expectWait(answer: Response, windowMs: number) {
  expect(answer.status).toBe(429);
  const wait = answer.headers.get("Retry-After") ?? "";
  expect(wait).toMatch(/^\d+$/);
  expect(Number(wait)).toBeGreaterThan(0);
  expect(Number(wait)).toBeLessThanOrEqual(windowMs / 1000);
}

/** Sends `send(i)` until one answer is a 429 (at most max + 1 tries) and returns it. */
async function firstRefusal(max: number, send: (i: number) => Promise<Response>) {
  for (let i = 0; i <= max; i++) {
    const answer = await send(i);
    if (answer.status === 429) return answer;
  }
  throw new Error(`no 429 after ${max + 1} tries`);
}

let run = 0;
const address = () => {
  run += 1;
  return { "CF-Connecting-IP": `198.51.100.${run}` };
};

describe("a 429 always carries Retry-After", () => {
  it("forgot password, by the API and the page", async () => {
    const { max, windowMs } = AUTH_RATE_LIMITS.forgot;
    const api = address();
    expectWait(
      await firstRefusal(max, () =>
        postJson("/api/auth/forgot_password", { email: "a@example.com", ...botCheck("reset") }, api),
      ),
      windowMs,
    );
    const page = address();
    expectWait(
      await firstRefusal(max, () =>
        postForm("/forgot-password", { email: "b@example.com", ...botCheck("reset") }, page),
      ),
      windowMs,
    );
  });

  it("sign-up, by the API and the page", async () => {
    const { max, windowMs } = AUTH_RATE_LIMITS.signup;
    const account = (i: number, door: string) => ({
      username: `retry_${door}_${i}`,
      fullName: "Retry Wait",
      email: `retry.${door}.${i}@example.com`,
      password: "Str0ng-pass!",
      country: "IN",
      ...botCheck(),
    });
    const api = address();
    expectWait(await firstRefusal(max, (i) => postJson("/auth/signup", account(i, "api"), api)), windowMs);
    const page = address();
    expectWait(await firstRefusal(max, (i) => postForm("/signup", account(i, "page"), page)), windowMs);
  });

  it("the emailed code's check", async () => {
    const { max, windowMs } = AUTH_RATE_LIMITS.code;
    const ip = address();
    const answer = await firstRefusal(max, () =>
      postJson("/api/auth/verify_otp", { token: "no-such-handle", otp: "123456" }, ip),
    );
    expectWait(answer, windowMs);
  });

  it("change password", async () => {
    const { max, windowMs } = AUTH_RATE_LIMITS.password;
    const { cookie } = await loggedInUser({}, "Right-pass-1");
    const answer = await firstRefusal(max, (i) =>
      postJson(
        "/auth/change_password",
        { currentPassword: `Wrong-pass-${i}`, newPassword: "New-pass-123", confirmPassword: "New-pass-123" },
        { Cookie: cookie },
      ),
    );
    expectWait(answer, windowMs);
  });
});
