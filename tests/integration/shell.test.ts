import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH_COPY } from "~/features/auth/copy";
import { createSession } from "~/features/auth/session.server";
import { createUser } from "../factories";
import { request } from "./app";

async function loggedInCookie(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(env.DB, overrides);
  const setCookie = await createSession(env, user.id);
  return setCookie.split(";")[0] ?? "";
}

async function page(path: string, cookie?: string) {
  const response = await request(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { response, html: await response.text() };
}

describe("header by role", () => {
  it("offers sign up / sign in to visitors", async () => {
    const { html } = await page("/contact-us");
    expect(html).toContain("Sign up / Sign in");
    expect(html).not.toContain('aria-label="Notifications"');
  });

  it("shows bell, avatar and logout to a fan", async () => {
    const { html } = await page("/contact-us", await loggedInCookie());
    expect(html).toContain('aria-label="Notifications"');
    expect(html).toContain('aria-label="Your profile"');
    expect(html).toContain("Log out");
    expect(html).not.toContain("Sign up / Sign in");
    expect(html).not.toContain('href="/admin/dashboard"');
  });

  it("hides bell and avatar from staff", async () => {
    const { html } = await page("/contact-us", await loggedInCookie({ role: "marketing" }));
    expect(html).not.toContain('aria-label="Notifications"');
    expect(html).not.toContain('aria-label="Your profile"');
    expect(html).toContain("Log out");
    // Their way back to the staff area from any page.
    expect(html).toMatch(/href="\/admin\/dashboard"[^>]*>Staff area</);
    const inactive = await page("/contact-us", await loggedInCookie({ role: "marketing", isActive: false }));
    expect(inactive.html).not.toContain('href="/admin/dashboard"');
  });

  it("shows the search box on /browse-bound pages to fans but not to streamers", async () => {
    expect((await page("/", await loggedInCookie())).html).toContain('data-search-mode="after-scroll"');
    expect((await page("/", await loggedInCookie({ isStreamer: true }))).html).not.toContain("data-search-mode");
  });
});

describe("logout", () => {
  it("asks for confirmation without JavaScript", async () => {
    const { response, html } = await page("/logout", await loggedInCookie());
    expect(response.status).toBe(200);
    expect(html).toContain(AUTH_COPY.logoutConfirm);
  });

  it("revokes the session, goes to / and says so", async () => {
    const cookie = await loggedInCookie();
    const response = await request("/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const setCookies = response.headers.getSetCookie();
    expect(setCookies.some((c) => c.startsWith("toast="))).toBe(true);
    expect(setCookies.some((c) => c.startsWith("session=;") || /session=;|Max-Age=0/.test(c))).toBe(true);
    // The old cookie no longer logs anyone in, even if the browser kept it.
    expect((await page("/contact-us", cookie)).html).toContain("Sign up / Sign in");
    // The toast is shown once on the next page.
    const toastCookie = setCookies.find((c) => c.startsWith("toast="))?.split(";")[0] ?? "";
    expect((await page("/", toastCookie)).html).toContain(AUTH_COPY.loggedOut);
  });

  it("GET /api/logout ends the session and refuses cross-site calls", async () => {
    const cookie = await loggedInCookie();
    const refused = await request("/api/logout", { headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" } });
    expect(refused.status).toBe(403);
    expect((await page("/contact-us", cookie)).html).toContain("Log out");
    const response = await request("/api/logout", { headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" } });
    expect(await response.json()).toMatchObject({ success: true, message: AUTH_COPY.loggedOut });
    expect((await page("/contact-us", cookie)).html).toContain("Sign up / Sign in");
  });
});

describe("fallback page", () => {
  it("renders the 404 page for an unknown path", async () => {
    const { response, html } = await page("/definitely/not/here");
    expect(response.status).toBe(404);
    expect(html).toContain("Page not found");
  });
});
