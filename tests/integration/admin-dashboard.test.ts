import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { weeklyFunnel } from "~/features/tracking/events.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { paidOrder, payoutWorld, staffUser } from "./admin-world";
import { botCheck, postJson } from "./app";
import { Client } from "./client";

const events = async (userId: string) =>
  (
    await env.DB.prepare("SELECT name FROM analytics_events WHERE user_id = ? ORDER BY created_at").bind(userId).all<{
      name: string;
    }>()
  ).results.map((r) => r.name);

describe("tracking and the staff dashboard", () => {
  it("records registration, verification and login after the response, and the funnel counts them", async () => {
    const admin = await staffUser("admin");
    const before = await weeklyFunnel(env, admin.viewer);
    const thisWeek = () => before.weeks.at(-1);
    const email = `funnel.${Date.now()}@example.com`;
    const signup = await postJson(
      "/auth/signup",
      { username: `funnel_${Date.now()}`, email, password: "Funnel-pass-1", country: "US", ...botCheck() },
      { "CF-Connecting-IP": "198.51.100.61" },
    );
    const { handle, userId } = (await signup.json()) as { handle: string; userId: string };
    const [message] = await readOutbox(env.PRIVATE_FILES, { to: email, limit: 1 });
    const otp = /code is (\d{6})/.exec(message?.text ?? "")?.[1] ?? "";
    await postJson("/api/auth/verify_otp/", { token: handle, otp }, { "CF-Connecting-IP": "198.51.100.61" });
    await postJson("/auth/login", { email, password: "Funnel-pass-1" }, { "CF-Connecting-IP": "198.51.100.61" });
    await expect.poll(() => events(userId)).toEqual(["registration", "verification", "login"]);
    const after = await weeklyFunnel(env, admin.viewer);
    expect(after.weeks.at(-1)?.signUps).toBe((thisWeek()?.signUps ?? 0) + 1);
    expect(after.weeks.at(-1)?.verifications).toBe((thisWeek()?.verifications ?? 0) + 1);
    expect(after.weeks).toHaveLength(8);
  });

  it("records searches that found nothing and see-all clicks, and shows them to staff", async () => {
    const admin = await staffUser("admin");
    const nonsense = `zzqx${Date.now()}`;
    expect((await new Client().get(`/browse?searchField=${nonsense}`)).status).toBe(200);
    await expect
      .poll(async () => (await weeklyFunnel(env, admin.viewer)).emptySearches.map((s) => s.query))
      .toContain(nonsense);
    const beacon = await postJson("/api/track", { name: "see_all_click", section: "popular-gigs" });
    expect(beacon.status).toBe(200);
    expect((await postJson("/api/track", { name: "login", section: "x" })).status).toBe(400);
    const page = await (await new Client().get("/admin/dashboard", { Cookie: admin.cookie })).text();
    expect(page).toContain(nonsense);
    expect(page).toContain("Weekly funnel");
  });

  it("shows what waits for staff: payable orders, unverified onboardings, reports, open messages", async () => {
    const finance = await staffUser("finance");
    const world = await payoutWorld();
    await paidOrder(world, 4_200);
    await paidOrder(world, 1_000, { validated: false, daysAgo: 2 });
    const page = await (await new Client().get("/admin/dashboard", { Cookie: finance.cookie })).text();
    expect(page).toContain("Payable orders");
    // Finance's way in: this streamer, one session to validate and one payable order of $42.
    const username = world.streamer.username;
    expect(page).toContain(`aria-label="Validate 1 sessions of @${username}"`);
    expect(page).toContain(`href="/admin/payout/influencer/${world.streamer.id}"`);
    expect(page).toContain("$42");
    expect(page).toContain("Onboardings to verify");
    // Finance has no moderation nor contact submissions: those tiles are not shown at all.
    expect(page).not.toContain('href="/admin/reported-users"');
    expect(page).not.toContain("Reports to review");
    expect(page).not.toContain("Open contact messages");
  });

  it("shows marketing only the tiles it may open", async () => {
    const marketing = await staffUser("marketing");
    const page = await (await new Client().get("/admin/dashboard", { Cookie: marketing.cookie })).text();
    expect(page).toContain('href="/admin/contact-us-submissions"');
    for (const hidden of ["Reports to review", "Onboardings to verify", "Payable orders", "Payouts to prepare"]) {
      expect(page).not.toContain(hidden);
    }
  });
});

describe("staff without the capability", () => {
  it("get a 403 page saying what their role cannot open and a way back, not an unexpected error", async () => {
    const marketing = await staffUser("marketing");
    const response = await new Client().get("/admin/refunds", { Cookie: marketing.cookie });
    expect(response.status).toBe(403);
    const page = await response.text();
    expect(page).toContain("You can&#x27;t open this page");
    expect(page).toContain("Your staff role (marketing) does not include payouts and refunds.");
    expect(page).toContain('href="/admin/dashboard"');
    expect(page).toContain("Back to the staff dashboard");
    expect(page).not.toContain("An unexpected error occurred");
  });
});
