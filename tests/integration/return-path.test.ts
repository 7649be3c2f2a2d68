import { describe, expect, it } from "vitest";
import { request } from "./app";
import { loggedInUser } from "./session";

/**
 * The probe's open redirect: browsers drop tabs and newlines from URLs, so a return path of "/\t/evil.example"
 * answered as `location: /\t/evil.example` landed on evil.example. Every door that sends a user back goes
 * through app/lib/return-path.ts; these try the doors with the probe's values.
 */
const HOSTILE = [
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0D%0A/evil.example",
  "//evil.example",
  "/%5Cevil.example",
  "https://evil.example/",
  `/${"a".repeat(20_000)}`,
];

function location(response: Response) {
  return response.headers.get("Location");
}

describe("return paths refuse other sites and control characters", () => {
  it.each(HOSTILE)("the site gate's screen sends %j home", async (value) => {
    const response = await request(`/password-login?redirectTo=${value}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/");
  });

  it.each(HOSTILE)("/login, already logged in, sends %j home", async (value) => {
    const { cookie } = await loggedInUser();
    const response = await request(`/login?redirectTo=${value}`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/");
  });

  it("keeps a local path with its query", async () => {
    const { cookie } = await loggedInUser();
    const response = await request(`/login?redirectTo=${encodeURIComponent("/gig/abc?slot=1")}`, {
      redirect: "manual",
      headers: { Cookie: cookie },
    });
    expect(location(response)).toBe("/gig/abc?slot=1");
  });
});
