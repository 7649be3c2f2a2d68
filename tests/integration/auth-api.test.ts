import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH_COPY } from "~/features/auth/copy";
import { PROFILE_COPY } from "~/features/profile/copy";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { botCheck, postJson, request } from "./app";
import { loggedInUser } from "./session";

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

describe("Auth JSON API", () => {
  it("signs up, verifies by code (POST /api/auth/verify_otp/) and logs in (POST /auth/login)", async () => {
    const email = `api.${Date.now()}@example.com`;
    const signup = await postJson("/auth/signup", {
      username: `api_${Date.now()}`,
      email,
      password: "Api-pass-123",
      country: "US",
      ...botCheck(),
    });
    expect(signup.status).toBe(200);
    const { handle } = (await json(signup)) as { handle: string };
    const [message] = await readOutbox(env.PRIVATE_FILES, { to: email, limit: 1 });
    const otp = /code is (\d{6})/.exec(message?.text ?? "")?.[1] ?? "";

    const early = await postJson("/auth/login", { email, password: "Api-pass-123" });
    expect(early.status).toBe(403);

    const verified = await postJson("/api/auth/verify_otp/", { token: handle, otp });
    expect(verified.status).toBe(200);
    expect(await json(verified)).toMatchObject({ success: true, message: AUTH_COPY.verified });

    const login = await postJson("/auth/login", { email, password: "Api-pass-123" });
    expect(await json(login)).toMatchObject({ success: true, redirectTo: "/" });
    const cookie =
      login.headers
        .getSetCookie()
        .find((c) => c.startsWith("session="))
        ?.split(";")[0] ?? "";
    const me = await request("/api/current_user", { headers: { Cookie: cookie } });
    expect(await json(me)).toMatchObject({ user: { username: expect.stringMatching(/^api_/), baseCurrency: "USD" } });
  });

  it("refuses bad input with a 400 and a message", async () => {
    const response = await postJson("/auth/signup", { username: "x", email: "bad", password: "1", country: "US" });
    expect(response.status).toBe(400);
    expect((await json(response)).success).toBe(false);
  });

  it("answers forgot_password and resend the same for unknown emails", async () => {
    for (const path of ["/api/auth/forgot_password", "/api/auth/resend/verification"]) {
      const response = await postJson(path, { email: "nobody-here@example.com", ...botCheck("reset") });
      expect(response.status).toBe(200);
      expect((await json(response)).success).toBe(true);
    }
  });

  it("lets only active staff through /api/admin/login", async () => {
    const { user: fan } = await loggedInUser({}, "Fan-pass-123");
    const refused = await postJson("/api/admin/login", { username: fan.email, password: "Fan-pass-123" });
    expect(refused.status).toBe(401);
    expect(await json(refused)).toMatchObject({ message: AUTH_COPY.userNotFound });
    const { user: admin } = await loggedInUser({ role: "admin" }, "Admin-pass-123");
    const ok = await postJson("/api/admin/login", { username: admin.email, password: "Admin-pass-123" });
    expect(await json(ok)).toMatchObject({ success: true, redirectTo: "/admin/dashboard" });
    const { user: inactive } = await loggedInUser({ role: "finance", isActive: false }, "Fin-pass-123");
    expect((await postJson("/api/admin/login", { username: inactive.email, password: "Fin-pass-123" })).status).toBe(
      401,
    );
  });

  it("refuses cross-origin posts", async () => {
    const response = await postJson(
      "/auth/login",
      { email: "a@b.co", password: "x" },
      { Origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
  });
});

describe("User JSON API", () => {
  const endpoints: [string, string, unknown][] = [
    ["GET", "/api/current_user", undefined],
    ["POST", "/api/updated_user", { id: "x" }],
    ["POST", "/api/update_user", { fullName: "X" }],
    ["POST", "/api/update_user_bio", { bio: "x" }],
    ["POST", "/api/update_user_gamerTag", { gamertags: [] }],
    ["POST", "/api/update-social-links", { updatedLinks: {} }],
    ["DELETE", "/api/social-links/twitch", undefined],
    ["POST", "/api/post/store-user-ip", { userId: "x" }],
    ["POST", "/api/post/report-user-account", { reportedUserId: "x", reason: "spam" }],
    ["POST", "/auth/change_password", { currentPassword: "a", newPassword: "Abcdefg1", confirmPassword: "Abcdefg1" }],
  ];

  it.each(endpoints)("%s %s refuses anonymous callers with 401", async (method, path, body) => {
    const response = await request(path, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(401);
  });

  it("updates bio and social links, and deletes one link", async () => {
    const { user, cookie } = await loggedInUser();
    const headers = { Cookie: cookie };
    expect(await json(await postJson("/api/update_user_bio", { bio: "Hi" }, headers))).toMatchObject({
      message: PROFILE_COPY.bioUpdated,
    });
    await postJson(
      "/api/update-social-links",
      { updatedLinks: { twitch: "https://twitch.tv/a", x: "https://x.com/a" } },
      headers,
    );
    const deleted = await request("/api/social-links/twitch", {
      method: "DELETE",
      headers: { ...headers, Origin: "http://localhost" },
    });
    expect(deleted.status).toBe(200);
    const row = await env.DB.prepare("SELECT bio, social_links FROM users WHERE id = ?")
      .bind(user.id)
      .first<{ bio: string; social_links: string }>();
    expect(row?.bio).toBe("Hi");
    expect(JSON.parse(row?.social_links ?? "{}")).toEqual({ x: "https://x.com/a" });
  });

  it("refuses to read or write another user's data by id", async () => {
    const { cookie } = await loggedInUser();
    const { user: other } = await loggedInUser();
    expect((await postJson("/api/updated_user", { id: other.id }, { Cookie: cookie })).status).toBe(403);
    expect((await postJson("/api/post/store-user-ip", { userId: other.id }, { Cookie: cookie })).status).toBe(403);
    expect(
      (await postJson(`/api/auth/user/change-email/${other.id}`, { email: "z@example.com" }, { Cookie: cookie }))
        .status,
    ).toBe(403);
  });

  it("stores a report and refuses reporting oneself", async () => {
    const { user, cookie } = await loggedInUser();
    const { user: target } = await loggedInUser();
    expect(
      (await postJson("/api/post/report-user-account", { reportedUserId: user.id, reason: "spam" }, { Cookie: cookie }))
        .status,
    ).toBe(400);
    const ok = await postJson(
      "/api/post/report-user-account",
      { reportedUserId: target.id, reason: "Abusive in chat" },
      { Cookie: cookie },
    );
    expect(ok.status).toBe(200);
    const row = await env.DB.prepare("SELECT status FROM reports WHERE reported_user_id = ?").bind(target.id).first();
    expect(row?.status).toBe("pending");
  });
});
