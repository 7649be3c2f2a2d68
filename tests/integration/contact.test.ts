import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CONTACT_RATE_LIMIT } from "~/features/content/constants";
import { CONTENT_COPY } from "~/features/content/copy";
import { postForm, postJson } from "./app";
import { toastOf } from "./toast";

/** React Router refuses a cross-origin UI-route action (its own Origin check) with this status. */
/** A page POST from another site: the Worker refuses it before React Router runs (docs/decisions/029). */
const CROSS_ORIGIN_STATUS = 403;

const valid = {
  name: "Riya Sharma",
  email: "riya@example.com",
  subject: "Refund question",
  message: "My slot was cancelled by the streamer. When will I get my refund?",
};

async function countSubmissions(): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM contact_submissions").first<{ n: number }>();
  return row?.n ?? 0;
}

describe("contact form (plain form post, as without JavaScript)", () => {
  it("stores a valid submission and redirects with the success toast", async () => {
    const before = await countSubmissions();
    const response = await postForm("/contact-us", valid, { "CF-Connecting-IP": "203.0.113.1" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact-us");
    expect(await toastOf(response)).toEqual({ kind: "success", message: CONTENT_COPY.contactSuccess });
    expect(await countSubmissions()).toBe(before + 1);
    const stored = await env.DB.prepare("SELECT * FROM contact_submissions ORDER BY created_at DESC LIMIT 1").first();
    expect(stored).toMatchObject({ name: valid.name, email: valid.email, ip: "203.0.113.1" });
  });

  it("answers bad input with 400 and field messages, and stores nothing", async () => {
    const before = await countSubmissions();
    const response = await postForm(
      "/contact-us",
      { ...valid, email: "nope", message: "short" },
      { "CF-Connecting-IP": "203.0.113.2" },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Message must be at least 10 characters");
    expect(await countSubmissions()).toBe(before);
  });

  it("rate-limits one address", async () => {
    const ip = { "CF-Connecting-IP": "203.0.113.3" };
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await postForm("/contact-us", valid, ip)).status).toBe(302);
    }
    const before = await countSubmissions();
    const limited = await postForm("/contact-us", valid, ip);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain(CONTENT_COPY.contactError);
    expect(await countSubmissions()).toBe(before);
    // Another address is not affected.
    expect((await postForm("/contact-us", valid, { "CF-Connecting-IP": "203.0.113.4" })).status).toBe(302);
  });

  it("refuses a cross-origin form post", async () => {
    const before = await countSubmissions();
    const response = await postForm("/contact-us", valid, { Origin: "https://evil.example" });
    expect(response.status).toBe(CROSS_ORIGIN_STATUS);
    expect(await countSubmissions()).toBe(before);
  });
});

describe("POST /api/post/submit-form", () => {
  it("stores a valid JSON submission", async () => {
    const before = await countSubmissions();
    const response = await postJson("/api/post/submit-form", valid, { "CF-Connecting-IP": "198.51.100.1" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: CONTENT_COPY.contactSuccess });
    expect(await countSubmissions()).toBe(before + 1);
  });

  it("refuses bad input with a 400 and a message", async () => {
    const response = await postJson("/api/post/submit-form", { ...valid, email: "x" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, message: "Please enter a valid email address" });
  });

  it("refuses a malformed body with a 400", async () => {
    const response = await postJson("/api/post/submit-form", "[1,2");
    expect(response.status).toBe(400);
  });

  it("refuses a cross-origin request", async () => {
    const before = await countSubmissions();
    const response = await postJson("/api/post/submit-form", valid, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await countSubmissions()).toBe(before);
  });
});
