import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { SITE_GATE_COPY } from "~/features/auth/copy";
import { hashPassword } from "~/features/auth/password.server";
import { markCatalogueChanged } from "~/platform/catalogue-version.server";
import { getDb } from "~/platform/db.server";
import { clearConfiguration, setConfiguration } from "../factories";
import { Client } from "./client";

const PASSWORD = "Open-sesame-42";

async function setGate(enabled: boolean, password: string | null = PASSWORD) {
  await setConfiguration(env.DB, "website_password_enabled", enabled);
  if (password === null) await clearConfiguration(env.DB, "website_password");
  else await setConfiguration(env.DB, "website_password", await hashPassword(password));
  // As the configurations use case does in its batch: what every page serves changed.
  await markCatalogueChanged(getDb(env), { reason: "site gate" });
}

afterEach(async () => {
  await clearConfiguration(env.DB, "website_password_enabled", "website_password");
  await markCatalogueChanged(getDb(env), { reason: "site gate" });
});

describe("site gate", () => {
  it("is off by default: pages and the API answer as usual", async () => {
    const client = new Client();
    expect((await client.get("/")).status).toBe(200);
    expect((await client.get("/api/get/Faqs")).status).toBe(200);
    // The gate's screen sends visitors on when there is nothing to unlock.
    expect((await client.get("/password-login?redirectTo=/contact-us")).headers.get("Location")).toBe("/contact-us");
  });

  it("stays off when enabled without a password configured", async () => {
    await setGate(true, null);
    expect((await new Client().get("/contact-us")).status).toBe(200);
  });

  it("when on, sends every page to /password-login and refuses the API until the password is given", async () => {
    await setGate(true);
    const client = new Client("203.0.113.10");
    const home = await client.get("/");
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toBe("/password-login");
    const page = await client.get("/contact-us?x=1");
    expect(page.headers.get("Location")).toBe(`/password-login?redirectTo=${encodeURIComponent("/contact-us?x=1")}`);
    const api = await client.get("/api/get/Faqs");
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ success: false, message: SITE_GATE_COPY.required });
    // Client-side navigations (JavaScript on) get the same redirect, in React Router's data format.
    const navigation = await client.get("/contact-us.data");
    expect(await navigation.text()).toContain("/password-login?redirectTo=%2Fcontact-us");
    // Login pages are behind the gate too; the gate's own screen is not.
    expect((await client.get("/login")).status).toBe(302);
    const screen = await client.get("/password-login?redirectTo=%2Fcontact-us");
    expect(screen.status).toBe(200);
    expect(await screen.text()).toContain("Website password");

    const wrong = await client.post("/password-login?redirectTo=%2Fcontact-us", {
      intent: "password",
      password: "nope",
      redirectTo: "/contact-us",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain(SITE_GATE_COPY.wrongPassword);

    const right = await client.post("/password-login?redirectTo=%2Fcontact-us", {
      intent: "password",
      password: PASSWORD,
      redirectTo: "/contact-us",
    });
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/contact-us");
    expect((await client.get("/contact-us")).status).toBe(200);
    expect((await client.get("/api/get/Faqs")).status).toBe(200);
  });

  it("grants by API: the password gives a token, the token opens the site elsewhere", async () => {
    await setGate(true);
    const first = new Client("203.0.113.11");
    const wrong = await first.postJson("/api/admin/validate-website-password", { password: "nope" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ success: false, message: SITE_GATE_COPY.wrongPassword });
    const ok = await first.postJson("/api/admin/validate-website-password", { password: PASSWORD });
    expect(ok.status).toBe(200);
    const { token } = await ok.json<{ token: string }>();
    expect((await first.get("/contact-us")).status).toBe(200);

    const second = new Client("203.0.113.12");
    const bad = await second.postJson("/api/admin/validate-token-for-website-password", { token: `${token}x` });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ message: SITE_GATE_COPY.invalidToken });
    expect((await second.postJson("/api/admin/validate-token-for-website-password", { token })).status).toBe(200);
    expect((await second.get("/contact-us")).status).toBe(200);

    // A link with the token works without JavaScript.
    const third = new Client("203.0.113.13");
    const link = await third.get(`/password-login?token=${encodeURIComponent(token)}&redirectTo=%2Fcontact-us`);
    expect(link.headers.get("Location")).toBe("/contact-us");
    expect((await third.get("/contact-us")).status).toBe(200);
    const badLink = await new Client().get("/password-login?token=forged");
    expect(badLink.status).toBe(200);
    expect(await badLink.text()).toContain(SITE_GATE_COPY.invalidToken);

    // Changing the password ends every grant.
    await setGate(true, "Another-pass-7");
    expect((await second.get("/contact-us")).status).toBe(302);
    expect((await second.postJson("/api/admin/validate-token-for-website-password", { token })).status).toBe(401);
  });

  it("answers bad input with 400, and rate-limits guessing", async () => {
    await setGate(true);
    const client = new Client("203.0.113.14");
    expect((await client.postJson("/api/admin/validate-website-password", {})).status).toBe(400);
    expect((await client.postJson("/api/admin/validate-token-for-website-password", { token: 7 })).status).toBe(400);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await client.postJson("/api/admin/validate-website-password", { password: `guess-${i}` })).status;
    }
    expect(last).toBe(429);
  });
});
