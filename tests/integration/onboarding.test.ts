import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { bankIdentifierValid, maskAccountNumber } from "~/features/onboarding/bank-identifiers";
import { ONBOARDING_COPY } from "~/features/onboarding/copy";
import { onboardingSchema } from "~/features/onboarding/schema";
import { createStreamer } from "../factories";
import { request } from "./app";
import { loggedInUser } from "./session";
import { PNG_BYTES } from "./streamer-world";

const ORIGIN = "http://localhost";
const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF");

const fields = {
  accountHolderName: "Asha Streamer",
  address: "1 Main Street, Pune",
  bankName: "HDFC Bank",
  country: "IN",
  fullName: "Asha Streamer",
  gamingName: "AshaPlays",
  mobileNumber: "+91 98765 43210",
  tshirtSize: "M",
  accountNumber: "123456789012",
  bankOption: "IFSC Code",
  bankValue: "hdfc0001234",
};

function form(overrides: Record<string, string> = {}, files: { statement?: Uint8Array; agreement?: Uint8Array } = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries({ ...fields, ...overrides })) body.append(key, value);
  const statement = files.statement ?? PDF_BYTES;
  const agreement = files.agreement ?? PNG_BYTES;
  if (statement.length)
    body.append(
      "bankStatement",
      new File([statement as Uint8Array<ArrayBuffer>], "statement.pdf", { type: "application/pdf" }),
    );
  if (agreement.length)
    body.append(
      "signedAgreement",
      new File([agreement as Uint8Array<ArrayBuffer>], "agreement.png", { type: "image/png" }),
    );
  return body;
}

async function streamer() {
  const user = await createStreamer(env.DB, { country: "IN" });
  const cookie = (await createSession(env, user.id)).split(";")[0] ?? "";
  return { user, cookie };
}

const submit = (cookie: string, body: FormData, path = "/influencer/onboarding") =>
  request(path, { method: "POST", body, headers: { Cookie: cookie, Origin: ORIGIN } });

describe("onboarding validation", () => {
  it.each([
    [{ bankOption: "" }, ONBOARDING_COPY.bankOptionRequired],
    [{ bankValue: "" }, ONBOARDING_COPY.bankOptionRequired],
    [{ bankOption: "Bitcoin" }, ONBOARDING_COPY.invalidBankOption],
    [{ bankOption: "IBAN", bankValue: "GB82WEST12345698765433" }, ONBOARDING_COPY.formats.IBAN],
    [{ bankOption: "Routing Number", bankValue: "123456789" }, ONBOARDING_COPY.formats["Routing Number"]],
  ])("%o says %s", (patch, message) => {
    const parsed = onboardingSchema.safeParse({
      ...fields,
      ...patch,
      bankStatement: new File([PDF_BYTES], "s.pdf"),
      signedAgreement: new File([PDF_BYTES], "a.pdf"),
    });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toContain(message);
  });

  it("checks each identifier's own format and masks account numbers", () => {
    expect(bankIdentifierValid("IBAN", "GB82 WEST 1234 5698 7654 32")).toBe(true);
    expect(bankIdentifierValid("SWIFT Code", "HDFCINBBXXX")).toBe(true);
    expect(bankIdentifierValid("Routing Number", "021000021")).toBe(true);
    expect(bankIdentifierValid("Sort Code", "12-34-56")).toBe(true);
    expect(bankIdentifierValid("Sort Code", "12345")).toBe(false);
    expect(bankIdentifierValid("IFSC Code", "HDFC0001234")).toBe(true);
    expect(bankIdentifierValid("Bank Code", "0012")).toBe(true);
    expect(maskAccountNumber("123456789012")).toBe("••••••••9012");
  });

  it("asks for both files with the product's messages, and refuses a file that is not a PDF or an image", async () => {
    const { cookie } = await streamer();
    const noStatement = await submit(cookie, form({}, { statement: new Uint8Array() }));
    expect(noStatement.status).toBe(400);
    expect(await noStatement.text()).toContain(ONBOARDING_COPY.statementRequired);
    const noAgreement = await submit(cookie, form({}, { agreement: new Uint8Array() }), "/api/post/streamer/onboard");
    expect(await noAgreement.json()).toMatchObject({ success: false, message: ONBOARDING_COPY.agreementRequired });
    const fake = await submit(
      cookie,
      form({}, { statement: new TextEncoder().encode("MZ executable") }),
      "/api/post/streamer/onboard",
    );
    expect(fake.status).toBe(415);
  });
});

describe("onboarding submission and its private files", () => {
  it("stores both files privately, readable only by the streamer and verifying staff, even by direct URL", async () => {
    const { user, cookie } = await streamer();
    const posted = await submit(cookie, form());
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/influencer/onboarding");
    const page = await (await request("/influencer/onboarding", { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Submitted, waiting for verification");
    expect(page).toContain("••••••••9012");
    expect(page).not.toContain("123456789012");
    const statementUrl = `/onboarding/files/${user.id}/statement`;
    const own = await request(statementUrl, { headers: { Cookie: cookie } });
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PDF_BYTES);
    const other = await streamer();
    const fan = await loggedInUser();
    const marketing = await loggedInUser({ role: "marketing" });
    const finance = await loggedInUser({ role: "finance" });
    for (const path of [statementUrl, `/onboarding/files/${user.id}/agreement`]) {
      expect((await request(path)).status).toBe(404);
      expect((await request(path, { headers: { Cookie: other.cookie } })).status).toBe(404);
      expect((await request(path, { headers: { Cookie: fan.cookie } })).status).toBe(404);
      expect((await request(path, { headers: { Cookie: marketing.cookie } })).status).toBe(404);
      expect((await request(path, { headers: { Cookie: finance.cookie } })).status).toBe(200);
    }
    // The keys are random and the media route never serves the private bucket.
    const row = await env.DB.prepare("SELECT statement_key FROM bank_details WHERE user_id = ?")
      .bind(user.id)
      .first<{ statement_key: string }>();
    expect(row?.statement_key).toMatch(/^onboarding\/[a-z0-9]{20}\.pdf$/);
    expect((await request(`/media/${row?.statement_key}`)).status).toBe(404);
  });

  it("re-submitting replaces the pending submission and keeps history; a verified one is not replaced", async () => {
    const { user, cookie } = await streamer();
    expect((await submit(cookie, form())).status).toBe(302);
    const again = await submit(cookie, form({ bankName: "ICICI Bank" }), "/api/post/streamer/onboard");
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      data: { bankName: "ICICI Bank", status: "submitted", earlierSubmissions: 1 },
    });
    const history = await env.DB.prepare("SELECT bank_name FROM bank_details_history WHERE user_id = ?")
      .bind(user.id)
      .all<{ bank_name: string }>();
    expect(history.results.map((r) => r.bank_name)).toEqual(["HDFC Bank"]);
    await env.DB.prepare("UPDATE bank_details SET is_verified = 1, verified_at = 1 WHERE user_id = ?")
      .bind(user.id)
      .run();
    const refused = await submit(cookie, form({ bankName: "Other" }), "/api/post/streamer/onboard");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: ONBOARDING_COPY.alreadyVerified });
  });
});
