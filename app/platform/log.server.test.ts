import { afterEach, describe, expect, it, vi } from "vitest";
import { log, loggablePath, logLine, maskEmail, REDACTED, redact, setLogUserId, withLogContext } from "./log.server";

afterEach(() => {
  vi.restoreAllMocks();
});

/** The lines `run` writes, parsed, with the console method each went through. */
function captured(run: () => void): { method: string; line: Record<string, unknown> }[] {
  const lines: { method: string; line: Record<string, unknown> }[] = [];
  for (const method of ["log", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((text: unknown) => {
      lines.push({ method, line: JSON.parse(String(text)) });
    });
  }
  run();
  return lines;
}

describe("log", () => {
  it("writes one JSON line per call, through the console method of its level", () => {
    const lines = captured(() => {
      log.info("jobs.batch", { refundsSettled: 2 });
      log.warn("exchange_rate.refresh_failed", { errors: ["a: down"] });
      log.error("refund.failed", { refundId: "r1" });
    });
    expect(lines).toEqual([
      { method: "log", line: { level: "info", event: "jobs.batch", refundsSettled: 2 } },
      { method: "warn", line: { level: "warn", event: "exchange_rate.refresh_failed", errors: ["a: down"] } },
      { method: "error", line: { level: "error", event: "refund.failed", refundId: "r1" } },
    ]);
  });

  it("adds the request's context (request id, route, and the user id once known), also across awaits", async () => {
    const lines: Record<string, unknown>[] = [];
    vi.spyOn(console, "log").mockImplementation((text: unknown) => {
      lines.push(JSON.parse(String(text)));
    });
    await withLogContext({ requestId: "ray-1", route: "/live/abc" }, async () => {
      log.info("before");
      await Promise.resolve();
      setLogUserId("user-7");
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.info("after", { status: 200 });
    });
    log.info("outside");
    expect(lines).toEqual([
      { level: "info", event: "before", requestId: "ray-1", route: "/live/abc" },
      { level: "info", event: "after", requestId: "ray-1", route: "/live/abc", userId: "user-7", status: 200 },
      { level: "info", event: "outside" },
    ]);
  });

  it("never lets a field overwrite the level, the event or the context", () => {
    const line = withLogContext({ requestId: "ray-2" }, () =>
      logLine("info", "request", { level: "error", event: "other", requestId: "forged", path: "/" }),
    );
    expect(line).toEqual({ level: "info", event: "request", requestId: "ray-2", path: "/" });
  });

  it("turns an error into its name, message and stack, and survives what JSON cannot hold", () => {
    const circular: Record<string, unknown> = { id: "c" };
    circular.self = circular;
    const lines = captured(() =>
      log.error("checkout.session_failed", { error: new TypeError("boom"), circular, big: 10n, when: new Date(0) }),
    );
    const line = lines[0]?.line as Record<string, Record<string, unknown>>;
    expect(line.error?.name).toBe("TypeError");
    expect(line.error?.message).toBe("boom");
    expect(String(line.error?.stack)).toContain("boom");
    expect(line.circular).toEqual({ id: "c", self: "[circular]" });
    expect(line.big).toBe("10");
    expect(line.when).toBe("1970-01-01T00:00:00.000Z");
  });
});

describe("redact", () => {
  it("replaces secrets and bank details at any depth, whatever the key's case", () => {
    const safe = redact({
      userId: "u1",
      Password: "hunter2",
      headers: { Authorization: "Bearer abc", COOKIE: "session=xyz", "Stripe-Signature": "t=1,v1=f" },
      grants: [{ accessToken: "a.b.c", refreshToken: "r" }],
      payout: { bank: { iban: "DE89", accountNumber: "123", ifsc: "HDFC0001", routingNumber: "021" }, amount: 5 },
      card: { number: "4242" },
      stripe: { secret: "sk_live_x", apiKey: "k" },
    });
    expect(safe).toEqual({
      userId: "u1",
      Password: REDACTED,
      headers: { Authorization: REDACTED, COOKIE: REDACTED, "Stripe-Signature": REDACTED },
      grants: [{ accessToken: REDACTED, refreshToken: REDACTED }],
      payout: { bank: { iban: REDACTED, accountNumber: REDACTED, ifsc: REDACTED, routingNumber: REDACTED }, amount: 5 },
      card: REDACTED,
      stripe: { secret: REDACTED, apiKey: REDACTED },
    });
    expect(JSON.stringify(safe)).not.toMatch(/hunter2|abc|xyz|a\.b\.c|DE89|HDFC|4242|sk_live/);
  });

  it("redacts inside Headers, Maps and the properties of an error", () => {
    const error = Object.assign(new Error("refused"), { response: { headers: { "set-cookie": "s=1" } } });
    expect(redact({ error })).toMatchObject({
      error: { message: "refused", response: { headers: { "set-cookie": REDACTED } } },
    });
    expect(redact(new Headers({ authorization: "Bearer t", accept: "text/html" }))).toEqual({
      authorization: REDACTED,
      accept: "text/html",
    });
    expect(redact(new Map([["token", "t"]]))).toEqual({ token: REDACTED });
  });

  it("keeps an email only as its first letter and domain", () => {
    expect(redact({ email: "asha@example.com", user: { contactEmail: "b@x.in" } })).toEqual({
      email: "a***@example.com",
      user: { contactEmail: "b***@x.in" },
    });
    expect(maskEmail("not an address")).toBe(REDACTED);
  });

  it("masks an address inside free text too, an error's message included", () => {
    const error = new Error("D1_ERROR: SELECT * FROM users WHERE email = 'probe.user@example.co.in'");
    const safe = redact({ error, note: "mail to x@y.org and a@b.com" }) as Record<string, Record<string, unknown>>;
    expect(safe.error?.message).toBe("D1_ERROR: SELECT * FROM users WHERE email = 'p***@example.co.in'");
    expect(String(safe.error?.stack)).not.toContain("probe.user@");
    expect(safe.note).toBe("mail to x***@y.org and a***@b.com");
    expect(redact("no address here, @handle")).toBe("no address here, @handle");
  });

  it("writes redacted fields in the line, never the secret", () => {
    const lines = captured(() =>
      log.warn("oauth.sign_in_failed", { provider: "google", body: { access_token: "ya29" } }),
    );
    expect(lines[0]?.line).toEqual({
      level: "warn",
      event: "oauth.sign_in_failed",
      provider: "google",
      body: { access_token: REDACTED },
    });
  });
});

describe("loggablePath", () => {
  it("hides the key of a private feed and keeps every other path", () => {
    expect(loggablePath("/calendar-feed/abc.sig.ics")).toBe(`/calendar-feed/${REDACTED}`);
    expect(loggablePath("/overlay/abc.sig/queue")).toBe(`/overlay/${REDACTED}/queue`);
    expect(loggablePath("/overlay/abc.sig/next-slot")).toBe(`/overlay/${REDACTED}/next-slot`);
    expect(loggablePath("/profile/orders/1")).toBe("/profile/orders/1");
    expect(loggablePath("/influencer/overlay")).toBe("/influencer/overlay");
  });
});
