import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "~/features/auth/constants";
import { AUTH_COPY } from "~/features/auth/copy";
import { createUser } from "../factories";
import { botCheck, postForm, postJson } from "./app";

/**
 * The probe's leftover: sign-up told anyone whether a username was taken, as often as they asked. The answer stays
 * (people must be able to pick a free name) but an address gets a few of them an hour; once spent, every sign-up
 * from it is refused alike, a free name too, so the refusal tells nothing.
 */
let counter = 0;
function account(username: string) {
  counter += 1;
  return {
    username,
    fullName: "Probe",
    email: `probe.${Date.now().toString(36)}.${counter}@example.com`,
    password: "Str0ng-pass!",
    country: "IN",
    ...botCheck(),
  };
}

describe("sign-up's username answer is throttled per address", () => {
  it("answers taken a few times, then refuses every sign-up from that address, free names too", async () => {
    const taken = await createUser(env.DB);
    const ip = { "CF-Connecting-IP": "198.51.100.201" };
    for (let i = 0; i < AUTH_RATE_LIMITS.usernameTaken.max; i++) {
      const response = await postForm("/signup", account(taken.username), ip);
      expect(response.status, `attempt ${i + 1}`).toBe(409);
      expect(await response.text()).toContain(AUTH_COPY.usernameTaken);
    }
    const next = await postForm("/signup", account(taken.username), ip);
    expect(next.status).toBe(429);
    expect(next.headers.get("Retry-After")).toBeTruthy();
    expect(await next.text()).not.toContain(AUTH_COPY.usernameTaken);
    // A free name from the same address is refused the same way: the 429 does not say which names are free.
    const free = await postForm("/signup", account(`free_${Date.now().toString(36)}`), ip);
    expect(free.status).toBe(429);
    // The JSON door shares the budget.
    const json = await postJson("/auth/signup", account(taken.username), ip);
    expect(json.status).toBe(429);
    // Another address still gets its own answers.
    const other = await postForm("/signup", account(taken.username), { "CF-Connecting-IP": "198.51.100.202" });
    expect(other.status).toBe(409);
  });
});
