import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createUser } from "../factories";
import { postForm, postJson, request } from "./app";
import { Client } from "./client";
import { loggedInUser } from "./session";
import { throughProvider, unique } from "./social-flow";

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

/** The same values as a form or JSON field carries them (already decoded), named for the test titles. */
const HOSTILE_FIELDS: [string, string][] = [
  ["a tab after the slash", "/\t/evil.example"],
  ["a newline", "/\n/evil.example"],
  ["CR LF", "/\r\n/evil.example"],
  ["protocol-relative", "//evil.example"],
  ["a backslash", "/\\evil.example"],
  ["a UNC path", "\\\\evil.example"],
  ["an absolute URL", "https://evil.example/"],
  ["a script URL", "javascript:alert(1)"],
  ["dot segments to //", "/..//evil.example"],
  ["20,000 characters", `/${"a".repeat(20_000)}`],
];

let ipCounter = 0;
/** Each login from its own address, so the login rate limit never answers instead of the door under test. */
const freshIp = () => ({ "CF-Connecting-IP": `203.0.113.${++ipCounter}` });

describe("every door that sends a user back refuses other sites", () => {
  it.each(HOSTILE_FIELDS)("logging in (form) with %s lands on /", async (_name, value) => {
    const { user } = await loggedInUser({}, "Right-pass-1");
    const response = await postForm(
      "/login",
      { email: user.email ?? "", password: "Right-pass-1", redirectTo: value },
      freshIp(),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it.each(HOSTILE_FIELDS)("logging in (JSON) with %s answers /", async (_name, value) => {
    const { user } = await loggedInUser({}, "Right-pass-1");
    const response = await postJson(
      "/auth/login",
      { email: user.email, password: "Right-pass-1", redirectTo: value },
      freshIp(),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, redirectTo: "/" });
  });

  it.each(HOSTILE_FIELDS)("POST /favourites with %s goes back to /", async (_name, value) => {
    const fields = { kind: "gig", id: "no-such-gig", intent: "add", redirectTo: value };
    const anonymous = await postForm("/favourites", fields);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/")}`);
    const { cookie } = await loggedInUser();
    const signedIn = await postForm("/favourites", fields, { Cookie: cookie });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/");
  });

  it.each(
    HOSTILE_FIELDS.filter(([name]) =>
      ["a tab after the slash", "dot segments to //", "20,000 characters"].includes(name),
    ),
  )("the Discord/Google hand-off with %s ends on /", async (_name, value) => {
    const id = unique();
    const email = `return.${id}@example.com`;
    await createUser(env.DB, { email, country: "GB" });
    const client = new Client(`198.51.100.${100 + (ipCounter++ % 100)}`);
    const { response } = await throughProvider(
      client,
      "google",
      { custom_id: `return-${id}`, custom_name: "Return", custom_email: email, custom_verified: "yes" },
      { redirectTo: value },
    );
    const { hops } = await client.follow(response);
    expect(hops.at(-1)).toBe("/");
    expect(await client.isLoggedIn()).toBe(true);
  });
});
