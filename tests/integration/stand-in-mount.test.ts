import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { emailSender } from "~/platform/email/email.server";
import worker from "~workers/app";
import { request } from "./app";

const AUTHORIZE = "/__stand-in/oauth/discord/authorize?response_type=code&client_id=noobrd-test-discord";

function fetchWith(overrides: Record<string, string>, path: string) {
  return worker.fetch(
    new Request(`http://localhost${path}`) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides } as Env,
    createExecutionContext(),
  );
}

describe("the stand-in provider mounted in the Worker", () => {
  it("answers under /__stand-in/oauth when OAUTH_STAND_IN is on outside production", async () => {
    const params =
      "&redirect_uri=http%3A%2F%2Flocalhost%2Fauth%2Fdiscord%2Fcallback&state=s&code_challenge_method=S256" +
      `&code_challenge=${"a".repeat(43)}&scope=identify+email`;
    const response = await request(`${AUTHORIZE}${params}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Discord (local stand-in)");
    expect(html).toContain("Kai: no email shared");
    // A bad authorization request is refused, as a real provider would.
    expect((await request(AUTHORIZE)).status).toBe(400);
    expect((await request("/__stand-in/oauth/avatar/grace.svg")).headers.get("Content-Type")).toBe("image/svg+xml");
  });

  it("is not there in production, nor when switched off", async () => {
    expect((await fetchWith({ APP_ENV: "production", SESSION_SECRET: "production-secret" }, AUTHORIZE)).status).toBe(
      404,
    );
    expect((await fetchWith({ OAUTH_STAND_IN: "off" }, AUTHORIZE)).status).toBe(404);
  });
});

describe("the email outbox's pages (the stand-in reached through the email adapter)", () => {
  it("list what the adapter sent outside production, and are not there in production or with a real provider", async () => {
    const to = "outbox-page@example.com";
    await emailSender(env).send({ to, subject: "Outbox page check", text: "hello", html: "<p>hello</p>" });
    const json = await request(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
    expect(json.status).toBe(200);
    expect(((await json.json()) as { messages: { subject: string }[] }).messages.map((m) => m.subject)).toEqual([
      "Outbox page check",
    ]);
    expect(await (await request(`/dev/outbox?to=${encodeURIComponent(to)}`)).text()).toContain("Outbox page check");
    const production = { APP_ENV: "production", SESSION_SECRET: "production-secret" };
    expect((await fetchWith(production, "/dev/outbox.json")).status).toBe(404);
    expect((await fetchWith({ EMAIL_PROVIDER: "http" }, "/dev/outbox.json")).status).toBe(404);
  });
});
