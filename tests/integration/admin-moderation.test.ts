import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { listAuditLog } from "~/features/audit/audit.server";
import { MODERATION_COPY } from "~/features/moderation/copy";
import { callJson, staffUser } from "./admin-world";
import { postJson } from "./app";
import { Client } from "./client";
import { loggedInUser } from "./session";

async function reportOf(reporterCookie: string, reportedUserId: string, reason = "Abusive in chat") {
  const answer = await postJson(
    "/api/post/report-user-account",
    { reportedUserId, reason },
    { Cookie: reporterCookie },
  );
  expect(answer.status).toBe(200);
  const row = await env.DB.prepare(
    "SELECT r.id FROM reports r JOIN sessions s ON s.user_id = r.reporter_id WHERE r.reported_user_id = ? AND r.status = 'pending' ORDER BY r.created_at DESC LIMIT 1",
  )
    .bind(reportedUserId)
    .first<{ id: string }>();
  return row?.id ?? "";
}

describe("moderation: reports and bans", () => {
  it("bans a reported account: its sessions end at once, its pending reports are decided, once", async () => {
    const admin = await staffUser("developer");
    const { cookie: reporterA } = await loggedInUser();
    const { cookie: reporterB } = await loggedInUser();
    const { user: troll, cookie: trollCookie } = await loggedInUser();
    const first = await reportOf(reporterA, troll.id);
    const second = await reportOf(reporterB, troll.id, "Cheating");
    expect((await new Client().get("/profile", { Cookie: trollCookie })).status).toBe(200);

    const [listed, list] = await callJson(admin.cookie, "/api/admin/all-reported-accounts?page=1&limit=50");
    expect(listed).toBe(200);
    const ids = (list.reports as { id: string }[]).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([first, second]));

    // Two staff press Ban at once: one ban, both reports decided.
    const answers = await Promise.all([
      callJson(admin.cookie, "/api/admin/ban-user-accounts", { reportIds: [first] }),
      callJson(admin.cookie, "/api/admin/ban-user-accounts", { reportIds: [first] }),
    ]);
    expect(answers.map(([s]) => s).sort()).toContain(200);
    const bans = await env.DB.prepare("SELECT count(*) AS n FROM bans WHERE user_id = ? AND unbanned_at IS NULL")
      .bind(troll.id)
      .first<{ n: number }>();
    expect(bans?.n).toBe(1);
    const decided = await env.DB.prepare("SELECT status FROM reports WHERE id IN (?, ?)").bind(first, second).all();
    expect(decided.results.map((r) => r.status)).toEqual(["banned", "banned"]);

    // The troll is signed out at once: the next request with the old cookie is anonymous.
    const after = await new Client().get("/profile", { Cookie: trollCookie });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toContain("/login");

    // Listed as banned; unbanning lifts it (history kept) and the old session stays ended.
    const [, banned] = await callJson(admin.cookie, "/api/admin/all-banned-accounts");
    const ban = (banned.bans as { id: string; userId: string }[]).find((b) => b.userId === troll.id);
    expect(ban).toBeDefined();
    const [unbanned, unbanAnswer] = await callJson(admin.cookie, "/api/admin/unban-user-accounts", {
      banIds: [ban?.id],
    });
    expect([unbanned, unbanAnswer.message]).toEqual([200, MODERATION_COPY.unbanned]);
    const [again, againAnswer] = await callJson(admin.cookie, "/api/admin/unban-user-accounts", { banIds: [ban?.id] });
    expect([again, againAnswer.message]).toEqual([409, MODERATION_COPY.noLongerBanned]);
    expect((await new Client().get("/profile", { Cookie: trollCookie })).status).toBe(302);

    const audit = await listAuditLog(env, (await staffUser("admin")).viewer, {
      page: 1,
      limit: 10,
      entity: "user",
      entityId: troll.id,
    });
    expect(audit.entries.map((e) => e.action).sort()).toEqual(["user.ban", "user.unban"]);
  });

  it("marks reports reviewed without touching the account, and says when nothing is pending", async () => {
    const admin = await staffUser("admin");
    const { cookie: reporter } = await loggedInUser();
    const { user: target, cookie: targetCookie } = await loggedInUser();
    const report = await reportOf(reporter, target.id);
    const [status, answer] = await callJson(admin.cookie, "/api/admin/mark-reviewed-user-accounts", {
      reportIds: [report],
    });
    expect([status, answer.message, answer.reviewed]).toEqual([200, MODERATION_COPY.reviewed, 1]);
    expect((await new Client().get("/profile", { Cookie: targetCookie })).status).toBe(200);
    const [, reviewed] = await callJson(admin.cookie, "/api/admin/all-reviewed-reported-accounts?limit=100");
    expect((reviewed.reports as { id: string }[]).some((r) => r.id === report)).toBe(true);
    const [twice, twiceAnswer] = await callJson(admin.cookie, "/api/admin/ban-user-accounts", { reportIds: [report] });
    expect([twice, twiceAnswer.message]).toEqual([409, MODERATION_COPY.noLongerPending]);
    const [empty, emptyAnswer] = await callJson(admin.cookie, "/api/admin/ban-user-accounts", { reportIds: [] });
    expect([empty, emptyAnswer.message]).toEqual([400, MODERATION_COPY.chooseReports]);
  });

  it("works as plain forms without JavaScript, and an empty list is a page, not an error", async () => {
    const admin = await staffUser("admin");
    const client = new Client();
    const headers = { Cookie: admin.cookie };
    const { cookie: reporter } = await loggedInUser();
    const { user: target, cookie: targetCookie } = await loggedInUser({ username: `spam_${Date.now()}` });
    const report = await reportOf(reporter, target.id, "Spam links");
    const page = await client.get("/admin/reported-users?limit=100", headers);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Report of @${target.username}: Spam links`);
    const nothing = await client.post("/admin/reported-users", { intent: "ban" }, headers);
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain(MODERATION_COPY.chooseReports);
    // Without JavaScript the ban asks first (app/lib/confirm.ts): a confirmation step, and nobody is banned yet.
    const asked = await client.post("/admin/reported-users", { intent: "ban", reportIds: report }, headers);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Yes, ban");
    expect((await new Client().get("/profile", { Cookie: targetCookie })).status).toBe(200);
    const banned = await client.post(
      "/admin/reported-users",
      { intent: "ban", reportIds: report, confirm: "yes" },
      headers,
    );
    expect(banned.status).toBe(302);
    expect((await new Client().get("/profile", { Cookie: targetCookie })).status).toBe(302);
    const bansPage = await (await client.get("/admin/banned-users?limit=100", headers)).text();
    expect(bansPage).toContain(`Unban @${target.username}`);
    const banId = await env.DB.prepare("SELECT id FROM bans WHERE user_id = ? AND unbanned_at IS NULL")
      .bind(target.id)
      .first<{ id: string }>();
    const unbanned = await client.post("/admin/banned-users", { intent: "unban", banIds: banId?.id ?? "" }, headers);
    expect(unbanned.status).toBe(302);
    const reviewedPage = await client.get("/admin/reported-users?show=reviewed", headers);
    expect(reviewedPage.status).toBe(200);
  });
});
