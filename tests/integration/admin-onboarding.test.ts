import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { ONBOARDING_STAFF_COPY } from "~/features/onboarding/copy";
import { verifyOnboardings } from "~/features/onboarding/staff.server";
import { createStreamer } from "../factories";
import { callJson, staffUser } from "./admin-world";
import { request } from "./app";
import { Client } from "./client";
import { PNG_BYTES } from "./streamer-world";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF");

/** A streamer who submitted onboarding through the app's own door; answers their id and submission id. */
async function submittedStreamer(accountNumber: string) {
  const user = await createStreamer(env.DB, { country: "IN" });
  const cookie = (await createSession(env, user.id)).split(";")[0] ?? "";
  const body = new FormData();
  const fields = {
    accountHolderName: "Asha Streamer",
    address: "1 Main Street, Pune",
    bankName: "HDFC Bank",
    country: "IN",
    fullName: "Asha Streamer",
    gamingName: "AshaPlays",
    mobileNumber: "+91 98765 43210",
    tshirtSize: "M",
    accountNumber,
    bankOption: "IFSC Code",
    bankValue: "hdfc0001234",
  };
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append("bankStatement", new File([PDF as Uint8Array<ArrayBuffer>], "s.pdf", { type: "application/pdf" }));
  body.append("signedAgreement", new File([PNG_BYTES as Uint8Array<ArrayBuffer>], "a.png", { type: "image/png" }));
  const answer = await request("/api/post/streamer/onboard", {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: "http://localhost" },
  });
  expect(answer.status).toBe(200);
  const row = await env.DB.prepare("SELECT id FROM bank_details WHERE user_id = ?")
    .bind(user.id)
    .first<{ id: string }>();
  return { userId: user.id, submissionId: row?.id ?? "" };
}

const verified = (userId: string) =>
  env.DB.prepare(
    "SELECT b.is_verified AS details, p.is_verified AS profile FROM bank_details b JOIN influencer_profiles p ON p.user_id = b.user_id WHERE b.user_id = ?",
  )
    .bind(userId)
    .first();

describe("onboarding verification by staff", () => {
  it("shows full account numbers and the private files to finance, and verifies several at once, once", async () => {
    const finance = await staffUser("finance");
    const a = await submittedStreamer("998877665544");
    const b = await submittedStreamer("112233445566");
    const page = await (await new Client().get("/admin/verify-onboarding-details", { Cookie: finance.cookie })).text();
    expect(page).toContain("998877665544");
    expect(page).toContain(`/onboarding/files/${a.userId}/agreement`);
    // The file opens for finance, not for a marketing user (404, not even confirming it exists).
    const file = await new Client().get(`/onboarding/files/${a.userId}/agreement`, { Cookie: finance.cookie });
    expect(file.status).toBe(200);
    const marketing = await staffUser("marketing");
    expect(
      (await new Client().get(`/onboarding/files/${a.userId}/agreement`, { Cookie: marketing.cookie })).status,
    ).toBe(404);

    const [, one] = await callJson(finance.cookie, "/api/get/admin/star-bank-details", { userId: b.userId });
    expect((one.details as { accountNumber: string }).accountNumber).toBe("112233445566");

    const [status, answer] = await callJson(finance.cookie, "/api/admin/verify-multiple-star-agreement", {
      BankschemaIds: [a.submissionId, b.submissionId],
    });
    expect([status, answer.message, answer.verified]).toEqual([200, ONBOARDING_STAFF_COPY.verified, 2]);
    expect(await verified(a.userId)).toEqual({ details: 1, profile: 1 });
    expect(
      await callJson(finance.cookie, "/api/admin/verify-star-agreement", { BankschemaId: a.submissionId }),
    ).toEqual([409, { success: false, message: ONBOARDING_STAFF_COPY.nothingToVerify }]);
    const audit = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'onboarding.verify' AND entity_id IN (?, ?)",
    )
      .bind(a.userId, b.userId)
      .first<{ n: number }>();
    expect(audit?.n).toBe(2);
  });

  it("two staff verifying the same submissions at once write one audit row per submission", async () => {
    const finance = await staffUser("finance");
    const a = await submittedStreamer("443322110099");
    const b = await submittedStreamer("667788990011");
    const ids = [a.submissionId, b.submissionId];
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => verifyOnboardings(env, finance.viewer, ids)));
    expect(outcomes.some((outcome) => outcome.status === "fulfilled")).toBe(true);
    expect(await verified(a.userId)).toEqual({ details: 1, profile: 1 });
    const audit = await env.DB.prepare(
      "SELECT entity_id AS id, count(*) AS n FROM audit_log WHERE action = 'onboarding.verify' AND entity_id IN (?, ?) GROUP BY entity_id ORDER BY entity_id",
    )
      .bind(a.userId, b.userId)
      .all<{ id: string; n: number }>();
    expect(audit.results.map((row) => row.n)).toEqual([1, 1]);
  });

  it("verifies from the page without JavaScript, and says when nothing was chosen", async () => {
    const admin = await staffUser("admin");
    const s = await submittedStreamer("555566667777");
    const client = new Client();
    const none = await client.post("/admin/verify-onboarding-details", {}, { Cookie: admin.cookie });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(ONBOARDING_STAFF_COPY.chooseOne);
    const done = await client.post(
      "/admin/verify-onboarding-details",
      { BankschemaIds: s.submissionId },
      { Cookie: admin.cookie },
    );
    expect(done.status).toBe(302);
    expect(await verified(s.userId)).toEqual({ details: 1, profile: 1 });
  });

  it("needs the secret key too when one is configured", async () => {
    const finance = await staffUser("finance");
    const s = await submittedStreamer("121212121212");
    // A copy: an object made with `env` as its prototype would write the key through to the shared env.
    const guarded = { ...env, ONBOARDING_SECRET_KEY: "open-the-vault" } as Env;
    await expect(verifyOnboardings(guarded, finance.viewer, [s.submissionId], "guess")).rejects.toMatchObject({
      status: 403,
      message: ONBOARDING_STAFF_COPY.wrongSecret,
    });
    expect(await verified(s.userId)).toEqual({ details: 0, profile: 0 });
    expect(await verifyOnboardings(guarded, finance.viewer, [s.submissionId], "open-the-vault")).toEqual({
      verified: 1,
    });
  });
});
