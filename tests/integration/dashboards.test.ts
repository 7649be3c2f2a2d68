import { describe, expect, it } from "vitest";
import { postForm, request } from "./app";
import { loggedInUser } from "./session";

describe("dashboards and staff login", () => {
  it("shows the admin dashboard to active staff only", async () => {
    const { cookie: admin } = await loggedInUser({ role: "finance" });
    const ok = await request("/admin/dashboard", { headers: { Cookie: admin } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Payouts");
    for (const overrides of [{}, { isStreamer: true }, { role: "admin" as const, isActive: false }]) {
      const { cookie } = await loggedInUser(overrides);
      const response = await request("/admin/dashboard", { headers: { Cookie: cookie } });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect((await request("/admin/dashboard")).headers.get("Location")).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fdashboard",
    );
  });

  it("shows the influencer dashboard to streamers only", async () => {
    const { cookie: streamer } = await loggedInUser({ isStreamer: true });
    expect((await request("/influencer/dashboard", { headers: { Cookie: streamer } })).status).toBe(200);
    const { cookie: fan } = await loggedInUser();
    const refused = await request("/influencer/dashboard", { headers: { Cookie: fan } });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
  });

  it("admin login says 'User not found' to non-staff and sends staff to the dashboard", async () => {
    const { user: fan } = await loggedInUser({}, "Fan-pass-123");
    const refused = await postForm("/admin/login", { username: fan.email ?? "", password: "Fan-pass-123" });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain("User not found");
    const { user: staff } = await loggedInUser({ role: "marketing" }, "Staff-pass-123");
    const ok = await postForm("/admin/login", { username: staff.email ?? "", password: "Staff-pass-123" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("sends anonymous staff to the login and back to the page they asked for, never off the admin area", async () => {
    const asked = "/admin/payout/influencer/usr_x?startTime=2026-11-01";
    const bounced = await request(asked);
    expect(bounced.status).toBe(302);
    const login = bounced.headers.get("Location") ?? "";
    expect(login).toBe(`/admin/login?redirectTo=${encodeURIComponent(asked)}`);
    const { user: staff } = await loggedInUser({ role: "finance" }, "Staff-pass-123");
    const credentials = { username: staff.email ?? "", password: "Staff-pass-123" };
    const back = await postForm(login, credentials);
    expect(back.headers.get("Location")).toBe(asked);
    for (const evil of ["//evil.example/admin/x", "/profile", "https://evil.example/admin/"]) {
      const away = await postForm(`/admin/login?redirectTo=${encodeURIComponent(evil)}`, credentials);
      expect(away.headers.get("Location")).toBe("/admin/dashboard");
    }
  });
});
