import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PROFILE_COPY } from "~/features/profile/copy";
import { REPORT_RATE_LIMIT } from "~/features/profile/rules";
import { postJson } from "./app";
import { loggedInUser } from "./session";

/** The probe reported the same account three times, reported staff, and probed unknown ids freely. */
const report = (cookie: string, reportedUserId: string) =>
  postJson("/api/post/report-user-account", { reportedUserId, reason: "Abusive in chat" }, { Cookie: cookie });

async function pendingReports(reporterId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE reporter_id = ? AND status = 'pending'")
    .bind(reporterId)
    .first<{ n: number }>();
  return row?.n;
}

describe("reporting a user", () => {
  it("keeps one pending report per reporter and account, concurrently too", async () => {
    const { user, cookie } = await loggedInUser();
    const { user: target } = await loggedInUser();
    const answers = await Promise.all([
      report(cookie, target.id),
      report(cookie, target.id),
      report(cookie, target.id),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(await refused?.json()).toEqual({ success: false, message: PROFILE_COPY.reportAgain });
    expect(await pendingReports(user.id)).toBe(1);
  });

  it("refuses staff (403) and unknown ids (404), writing nothing", async () => {
    const { user, cookie } = await loggedInUser();
    const { user: staff } = await loggedInUser({ role: "finance" });
    const staffAnswer = await report(cookie, staff.id);
    expect(staffAnswer.status).toBe(403);
    expect(await staffAnswer.json()).toEqual({ success: false, message: PROFILE_COPY.reportStaff });
    const unknown = await report(cookie, "no-such-user");
    expect(unknown.status).toBe(404);
    expect(await pendingReports(user.id)).toBe(0);
  });

  it("is rate-limited per reporter", async () => {
    const { cookie } = await loggedInUser();
    const targets = await Promise.all(
      Array.from({ length: REPORT_RATE_LIMIT.max + 1 }, async () => (await loggedInUser()).user.id),
    );
    const statuses: number[] = [];
    for (const target of targets) statuses.push((await report(cookie, target)).status);
    expect(statuses.slice(0, REPORT_RATE_LIMIT.max).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
