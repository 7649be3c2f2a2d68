import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MODERATION_COPY } from "~/features/moderation/copy";
import { newId } from "~/lib/id";
import { createReport, createUser } from "../factories";
import { callJson, staffUser } from "./admin-world";

/** 150 pending reports of 150 accounts (setup rows; the calls under test are the app's own). */
async function pendingReports(count: number): Promise<string[]> {
  const reporter = await createUser(env.DB);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const reported = await createUser(env.DB);
    ids.push((await createReport(env.DB, reporter.id, reported.id)).id);
  }
  return ids;
}

async function statusCount(ids: string[], status: string) {
  let n = 0;
  for (let start = 0; start < ids.length; start += 50) {
    const chunk = ids.slice(start, start + 50);
    const row = await env.DB.prepare(
      `SELECT count(*) AS n FROM reports WHERE status = ? AND id IN (${chunk.map(() => "?").join(",")})`,
    )
      .bind(status, ...chunk)
      .first<{ n: number }>();
    n += row?.n ?? 0;
  }
  return n;
}

const fakeIds = (count: number) => Array.from({ length: count }, () => newId());

describe("bulk staff calls at any size", () => {
  it("mark-reviewed and ban take 150 real reports, and 1,000 ids are a clear 400, never a 500", async () => {
    const admin = await staffUser("developer");
    const toReview = await pendingReports(150);
    const [reviewed, reviewAnswer] = await callJson(admin.cookie, "/api/admin/mark-reviewed-user-accounts", {
      reportIds: toReview,
    });
    expect(reviewed, JSON.stringify(reviewAnswer)).toBe(200);
    expect(await statusCount(toReview, "reviewed")).toBe(150);

    const toBan = await pendingReports(150);
    const [banned, banAnswer] = await callJson(admin.cookie, "/api/admin/ban-user-accounts", { reportIds: toBan });
    expect(banned, JSON.stringify(banAnswer)).toBe(200);
    expect(await statusCount(toBan, "banned")).toBe(150);

    for (const path of ["/api/admin/mark-reviewed-user-accounts", "/api/admin/ban-user-accounts"]) {
      const [status, answer] = await callJson(admin.cookie, path, { reportIds: [...toBan, ...fakeIds(850)] });
      expect(status).toBe(400);
      expect(answer.message).toBe(MODERATION_COPY.tooMany);
    }
    // 200 ids of which 150 are bans to lift: one call.
    const banIds = (
      await env.DB.prepare("SELECT id FROM bans WHERE unbanned_at IS NULL").all<{ id: string }>()
    ).results.map((row) => row.id);
    expect(banIds.length).toBe(150);
    const [unbanned] = await callJson(admin.cookie, "/api/admin/unban-user-accounts", {
      banIds: [...banIds, ...fakeIds(50)],
    });
    expect(unbanned).toBe(200);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM bans WHERE unbanned_at IS NULL").first<{
      n: number;
    }>();
    expect(left?.n).toBe(0);
  }, 60_000);

  it("verifying many onboarding submissions: 150 unknown ids are a 409, 1,000 a clear 400, never a 500", async () => {
    const admin = await staffUser("finance");
    const [some, someAnswer] = await callJson(admin.cookie, "/api/admin/verify-multiple-star-agreement", {
      BankschemaIds: fakeIds(150),
    });
    expect(some, JSON.stringify(someAnswer)).toBe(409);
    const [many, manyAnswer] = await callJson(admin.cookie, "/api/admin/verify-multiple-star-agreement", {
      BankschemaIds: fakeIds(1000),
    });
    expect(many).toBe(400);
    expect(manyAnswer.message).toBe("Choose at most 200 submissions at a time");
  });
});
