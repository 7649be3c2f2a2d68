import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dateInputValue } from "~/features/content/admin.server";
import { CONTENT_COPY } from "~/features/content/copy";
import { callJson, staffUser } from "./admin-world";
import { postJson } from "./app";
import { Client } from "./client";

describe("staff content: legal documents", () => {
  it("gives the editor's date field a yyyy-mm-dd value, also for a document stored with a prose date", () => {
    expect(dateInputValue("November 1, 2026")).toBe("2026-11-01");
    expect(dateInputValue("2026-11-20")).toBe("2026-11-20");
    expect(dateInputValue("not a date")).toBe("");
  });

  it("edits the privacy policy with a preview that saves nothing, then saves it for the public page", async () => {
    const marketing = await staffUser("marketing");
    const client = new Client();
    const headers = { Cookie: marketing.cookie };
    const stamp = `Clause ${Date.now()}`;
    const fields = {
      updated: "2026-11-20",
      introduction: "We keep what we must and nothing more.",
      keyPoints: "We never sell your data\nYou can delete your account",
      "sections[0].title": stamp,
      "sections[0].body": "The details of it.",
      "sections[1].title": "",
      "sections[1].body": "",
    };
    const preview = await client.post("/admin/privacy-policy", { ...fields, intent: "preview" }, headers);
    expect(preview.status).toBe(200);
    const previewHtml = await preview.text();
    expect(previewHtml).toContain("Preview (not saved)");
    expect(previewHtml).toContain("You can delete your account");
    expect(await (await new Client().get("/privacy-policy")).text()).not.toContain(stamp);
    const missing = await client.post(
      "/admin/privacy-policy",
      { ...fields, introduction: "", intent: "save" },
      headers,
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Write an introduction");
    const saved = await client.post("/admin/privacy-policy", { ...fields, intent: "save" }, headers);
    expect(saved.status).toBe(302);
    const publicPage = await (await new Client().get("/privacy-policy")).text();
    expect(publicPage).toContain(stamp);
    expect(publicPage).toContain("2026-11-20");
    // Stored with the API's field names for a privacy policy.
    const [, docs] = await callJson(marketing.cookie, "/api/get/admin/termsAndPrivacy");
    expect((docs.data as Record<string, Record<string, unknown>>).mainPrivacyPolicy).toMatchObject({
      lastUpdated: "2026-11-20",
      introduction: "We keep what we must and nothing more.",
      keyPoints: ["We never sell your data", "You can delete your account"],
    });
  });

  it("updates the VIP queue terms through the API in its stored shape, and refuses a broken one", async () => {
    const admin = await staffUser("admin");
    const value = {
      updatedDate: "2026-11-21",
      intro: "VIP places are paid and refunded if not served.",
      keyPoints: ["Refunded to your wallet if the session ends first"],
      sections: [{ title: "Refunds", body: "Every unserved VIP place is refunded once." }],
    };
    const [status, answer] = await callJson(admin.cookie, "/api/post/admin/update/termsAndPrivacy", {
      key: "vipQueueTermsAndConditions",
      value,
    });
    expect([status, answer.message]).toEqual([200, CONTENT_COPY.termsSaved]);
    expect(answer.data).toMatchObject(value);
    const [bad] = await callJson(admin.cookie, "/api/post/admin/update/termsAndPrivacy", {
      key: "vipQueueTermsAndConditions",
      value: { intro: "no date, no sections" },
    });
    expect(bad).toBe(400);
    const [unknown, unknownAnswer] = await callJson(admin.cookie, "/api/post/admin/update/termsAndPrivacy", {
      key: "cookiePolicy",
      value,
    });
    expect([unknown, unknownAnswer.message]).toEqual([400, CONTENT_COPY.termsUpdate]);
    const [, docs] = await callJson(admin.cookie, "/api/get/admin/termsAndPrivacy");
    expect((docs.data as Record<string, unknown>).vipQueueTermsAndConditions).toMatchObject(value);
  });
});

describe("staff content: FAQ and contact submissions", () => {
  it("adds, edits, reorders and deletes questions, and the public FAQ follows", async () => {
    const marketing = await staffUser("marketing");
    const q1 = `First ${Date.now()}?`;
    const q2 = `Second ${Date.now()}?`;
    const [, a] = await callJson(marketing.cookie, "/api/post/Faqs", { question: q1, answer: "One." });
    const [, b] = await callJson(marketing.cookie, "/api/post/Faqs", { question: q2, answer: "Two." });
    const publicOrder = async () => {
      const body = JSON.stringify(await (await new Client().get("/api/get/Faqs")).json());
      return [body.indexOf(q1), body.indexOf(q2)];
    };
    const [i1, i2] = await publicOrder();
    expect(i1).toBeGreaterThan(-1);
    expect(i1).toBeLessThan(i2 ?? 0);
    // Move the second up (page form, no JavaScript).
    const moved = await new Client().post(
      "/admin/faqs",
      { intent: "move", id: String(b.id), direction: "up" },
      {
        Cookie: marketing.cookie,
      },
    );
    expect(moved.status).toBe(302);
    const [j1, j2] = await publicOrder();
    expect(j2).toBeLessThan(j1 ?? 0);
    expect(
      (await callJson(marketing.cookie, "/api/post/Faqs", { id: a.id, question: q1, answer: "One, edited." }))[0],
    ).toBe(200);
    expect(JSON.stringify(await (await new Client().get("/api/get/Faqs")).json())).toContain("One, edited.");
    expect((await callJson(marketing.cookie, "/api/post/Faqs", { question: "", answer: "x" }))[0]).toBe(400);
    expect((await callJson(marketing.cookie, "/api/post/faq", { id: a.id }))[0]).toBe(200);
    expect(await callJson(marketing.cookie, "/api/post/faq", { id: a.id })).toEqual([
      404,
      { success: false, message: CONTENT_COPY.faqNotFound },
    ]);
  });

  it("lists contact submissions 10 a page, open first, and marks one handled once", async () => {
    const developer = await staffUser("developer");
    const subject = `Help ${Date.now()}`;
    const sent = await postJson(
      "/api/post/submit-form",
      { name: "Ravi", email: "ravi@example.com", subject, message: "My booking?" },
      { "CF-Connecting-IP": "198.51.100.200" },
    );
    expect(sent.status).toBe(200);
    const [, open] = await callJson(developer.cookie, "/api/admin/get-contactus-submissions");
    expect(open).toMatchObject({ page: 1, limit: 10 });
    const mine = (open.submissions as { id: string; subject: string }[]).find((s) => s.subject === subject);
    expect(mine).toBeDefined();
    const handled = await new Client().post(
      "/admin/contact-us-submissions",
      { id: mine?.id ?? "" },
      {
        Cookie: developer.cookie,
      },
    );
    expect(handled.status).toBe(302);
    expect(await callJson(developer.cookie, `/api/admin/contactus-submissions/${mine?.id}/handled`, {})).toEqual([
      409,
      { success: false, message: CONTENT_COPY.submissionNotFound },
    ]);
    const [, done] = await callJson(developer.cookie, "/api/admin/get-contactus-submissions?show=handled&limit=100");
    expect((done.submissions as { subject: string }[]).some((s) => s.subject === subject)).toBe(true);
    const row = await env.DB.prepare("SELECT handled_by FROM contact_submissions WHERE id = ?").bind(mine?.id).first();
    expect(row?.handled_by).toBe(developer.user.id);
  });
});
