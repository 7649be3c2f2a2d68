import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { CONFIG_COPY } from "~/features/configurations/copy";
import { clearConfiguration } from "../factories";
import { callJson, staffUser } from "./admin-world";
import { Client } from "./client";

const stored = (key: string) =>
  env.DB.prepare("SELECT value FROM configurations WHERE key = ?").bind(key).first<{ value: string }>();

afterEach(async () => {
  await clearConfiguration(env.DB, "website_password_enabled", "website_password");
});

describe("staff configurations", () => {
  it("adds, reads, updates and deletes a configuration; values must be valid JSON, keys the app reads keep their shape", async () => {
    const developer = await staffUser("developer");
    const key = `promo_banner_${Date.now()}`;
    expect(await callJson(developer.cookie, "/api/add/configurations", { key, value: '{"text":"Hi"}' })).toEqual([
      200,
      { success: true, message: CONFIG_COPY.added, key },
    ]);
    expect((await callJson(developer.cookie, "/api/add/configurations", { key, value: "1" }))[0]).toBe(409);
    expect(await callJson(developer.cookie, "/api/add/configurations", { key: `${key}x`, value: "{nope" })).toEqual([
      400,
      { success: false, message: CONFIG_COPY.invalidJson },
    ]);
    expect(
      (await callJson(developer.cookie, "/api/add/configurations", { key: "Bad-Key", value: "1" }))[1].message,
    ).toBe(CONFIG_COPY.keyFormat);
    const [, one] = await callJson(developer.cookie, `/api/get/configurations/${key}`);
    expect((one.configuration as { value: unknown }).value).toEqual({ text: "Hi" });
    expect(await callJson(developer.cookie, "/api/get/configurations/no_such_key")).toEqual([
      404,
      { success: false, message: "Failed to load configuration: no configuration named no_such_key" },
    ]);
    expect((await callJson(developer.cookie, `/api/update/configurations/${key}`, { value: "[1,2]" }))[0]).toBe(200);
    expect(JSON.parse((await stored(key))?.value ?? "null")).toEqual([1, 2]);
    // Keys the app reads: shape checked, never deleted.
    await clearConfiguration(env.DB, "platform_fees");
    expect((await callJson(developer.cookie, "/api/add/configurations", { key: "platform_fees", value: "x" }))[0]).toBe(
      400,
    );
    expect(
      (await callJson(developer.cookie, "/api/add/configurations", { key: "platform_fees", value: "20" }))[0],
    ).toBe(200);
    const [bad, badAnswer] = await callJson(developer.cookie, "/api/update/platform_fees", { value: '"twenty"' });
    expect(bad).toBe(400);
    expect(badAnswer.message).toContain("platform_fees");
    expect((await callJson(developer.cookie, "/api/update/platform_fees", { value: "25" }))[0]).toBe(200);
    expect(await callJson(developer.cookie, "/api/delete/configurations/platform_fees", {})).toEqual([
      409,
      { success: false, message: CONFIG_COPY.protectedKey },
    ]);
    expect((await callJson(developer.cookie, `/api/delete/configurations/${key}`, {}))[0]).toBe(200);
    expect(await stored(key)).toBeNull();
    // The list is an array of {key, value}.
    const [, list] = await callJson(developer.cookie, "/api/get/configurations");
    expect((list.configurations as { key: string }[]).some((c) => c.key === "platform_fees")).toBe(true);
  });

  it("stores the site password only as a hash and switches the gate, without JavaScript", async () => {
    const admin = await staffUser("admin");
    const client = new Client();
    const headers = { Cookie: admin.cookie };
    const refused = await client.post("/admin/configurations", { intent: "gate", enabled: "on" }, headers);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(CONFIG_COPY.gateNeedsPassword);
    const saved = await client.post(
      "/admin/configurations",
      { intent: "gate", enabled: "on", password: "Open-sesame-42" },
      headers,
    );
    expect(saved.status).toBe(302);
    const hash = JSON.parse((await stored("website_password"))?.value ?? "null") as string;
    expect(hash).not.toContain("Open-sesame-42");
    expect(hash.length).toBeGreaterThan(40);
    // The gate is on for everyone, staff included, and the password opens it.
    const visitor = new Client("203.0.113.77");
    expect((await visitor.get("/")).headers.get("Location")).toBe("/password-login");
    expect(
      (await visitor.postJson("/api/admin/validate-website-password", { password: "Open-sesame-42" })).status,
    ).toBe(200);
    expect((await visitor.get("/")).status).toBe(200);
    expect((await client.postJson("/api/admin/validate-website-password", { password: "Open-sesame-42" })).status).toBe(
      200,
    );
    // The hash is never shown, and the password is not writable as a plain configuration.
    const list = await (await client.get("/api/get/configurations", headers)).text();
    expect(list).toContain("website_password");
    expect(list).not.toContain(hash);
    const plain = await client.postJson("/api/update/configurations/website_password", { value: '"plain"' }, headers);
    expect(plain.status).toBe(400);
    const off = await client.post("/admin/configurations", { intent: "gate" }, headers);
    expect(off.status).toBe(302);
    expect((await new Client("203.0.113.78").get("/")).status).toBe(200);
  });
});
