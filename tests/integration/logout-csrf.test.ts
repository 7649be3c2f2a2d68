import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH_COPY } from "~/features/auth";
import { createSession } from "~/features/auth/session.server";
import { createUser } from "~tests/factories";
import { ORIGIN, request } from "./app";

async function loggedInCookie() {
  const user = await createUser(env.DB);
  return (await createSession(env, user.id)).split(";")[0] ?? "";
}

async function loggedIn(cookie: string) {
  const html = await (await request("/contact-us", { headers: { Cookie: cookie } })).text();
  return html.includes("Log out");
}

describe("logging out by a GET needs a same-origin request", () => {
  it("refuses a GET /api/logout another page could embed, and logs nobody out", async () => {
    const cookie = await loggedInCookie();
    const embedded: Record<string, string>[] = [
      {}, // an <img> in a browser that sends neither header
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "none" },
      { Origin: "https://evil.example" },
    ];
    for (const headers of embedded) {
      const answer = await request("/api/logout", { headers: { Cookie: cookie, ...headers } });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await loggedIn(cookie)).toBe(true);
  });

  it("logs out a same-origin GET (Sec-Fetch-Site or the app's Origin)", async () => {
    const sameOrigin: Record<string, string>[] = [{ "Sec-Fetch-Site": "same-origin" }, { Origin: ORIGIN }];
    for (const headers of sameOrigin) {
      const cookie = await loggedInCookie();
      const answer = await request("/api/logout", { headers: { Cookie: cookie, ...headers } });
      expect(await answer.json()).toMatchObject({ success: true, message: AUTH_COPY.loggedOut });
      expect(await loggedIn(cookie)).toBe(false);
    }
  });

  it("logs out by POST /api/logout from the app, and refuses a cross-site POST", async () => {
    const cookie = await loggedInCookie();
    const crossSite = await request("/api/logout", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(await loggedIn(cookie)).toBe(true);
    const answer = await request("/api/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(await answer.json()).toMatchObject({ success: true, message: AUTH_COPY.loggedOut });
    expect(await loggedIn(cookie)).toBe(false);
  });
});
