import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PROMO_ADMIN_COPY } from "~/features/promo/copy";
import { createOrder, redeemPromo } from "../factories";
import { staffUser } from "./admin-world";
import { Client } from "./client";
import { streamerWithGame } from "./streamer-world";

type Json = Record<string, unknown> & { success: boolean; message?: string };

async function call(cookie: string, method: string, path: string, body?: unknown): Promise<[number, Json]> {
  const client = new Client();
  const response =
    method === "GET"
      ? await client.get(path, { Cookie: cookie })
      : method === "DELETE"
        ? await client.send(path, { method: "DELETE", headers: { Cookie: cookie } })
        : await client.postJson(path, body, { Cookie: cookie });
  return [response.status, (await response.json()) as Json];
}

const row = (code: string) =>
  env.DB.prepare("SELECT * FROM promo_codes WHERE code = ?").bind(code).first<Record<string, unknown>>();

describe("staff promo codes", () => {
  it("creates percent and fixed codes in the table's terms, scoped to a streamer or the site", async () => {
    const marketing = await staffUser("marketing");
    const world = await streamerWithGame();
    const pct = `TEN${Date.now()}`.slice(0, 20);
    const [created, answer] = await call(marketing.cookie, "POST", "/api/create-promo-code", {
      code: pct.toLowerCase(),
      kind: "percent",
      value: "12.5",
      maxUses: 100,
      maxUsesPerUser: "1",
      expiresAt: "2027-01-31",
    });
    expect([created, answer.message]).toEqual([200, PROMO_ADMIN_COPY.created]);
    expect(await row(pct)).toMatchObject({
      kind: "percent",
      value: 1250,
      currency: null,
      max_uses: 100,
      max_uses_per_user: 1,
      influencer_id: null,
      is_active: 1,
    });
    expect((await row(pct))?.expires_at).toBe(Date.parse("2027-01-31T23:59:59.999Z"));

    const fixed = `FIVE${Date.now()}`.slice(0, 20);
    const [scoped] = await call(marketing.cookie, "POST", "/api/create-promo-code", {
      code: fixed,
      kind: "fixed",
      value: "5.50",
      currency: "USD",
      streamerUsername: `@${world.streamer.username}`,
    });
    expect(scoped).toBe(200);
    expect(await row(fixed)).toMatchObject({
      kind: "fixed",
      value: 550,
      currency: "USD",
      influencer_id: world.streamer.id,
    });

    // Refusals, each with its message, nothing written.
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ code: pct, kind: "percent", value: "5" }, 409, PROMO_ADMIN_COPY.codeTaken],
      [{ code: "X1", kind: "percent", value: "5" }, 400, "3 to 32 letters, digits, - or _"],
      [{ code: "FIXEDNOCUR", kind: "fixed", value: "5" }, 400, "Choose the currency of a fixed amount"],
      [{ code: "TOOMUCH", kind: "percent", value: "150" }, 400, "A percent between 0.01 and 100"],
      [
        { code: "NOSTAR", kind: "percent", value: "5", streamerUsername: "nobody_here" },
        400,
        PROMO_ADMIN_COPY.noSuchStreamer,
      ],
    ];
    for (const [body, status, message] of refusals) {
      const [s, a] = await call(marketing.cookie, "POST", "/api/create-promo-code", body);
      expect([s, a.message]).toEqual([status, message]);
    }
    expect(await row("FIXEDNOCUR")).toBeNull();

    const [, list] = await call(marketing.cookie, "GET", "/api/admin/get-promo-code");
    const listed = (list.promoCodes as { code: string; uses: number; streamerUsername: string | null }[]).find(
      (c) => c.code === fixed,
    );
    expect(listed).toMatchObject({ uses: 0, streamerUsername: world.streamer.username });
  });

  it("updates, switches off and on, and deletes only an unused code", async () => {
    const finance = await staffUser("finance");
    const code = `EDIT${Date.now()}`.slice(0, 20);
    await call(finance.cookie, "POST", "/api/create-promo-code", { code, kind: "percent", value: "10" });
    const id = String((await row(code))?.id);
    const [updated] = await call(finance.cookie, "POST", `/api/update-promo-code/${id}`, {
      code,
      kind: "percent",
      value: "20",
      maxUses: 5,
    });
    expect(updated).toBe(200);
    expect(await row(code)).toMatchObject({ value: 2000, max_uses: 5 });
    const [off, offAnswer] = await call(finance.cookie, "POST", `/api/update-promo-code/${id}`, { isActive: false });
    expect([off, offAnswer.message, (await row(code))?.is_active]).toEqual([200, PROMO_ADMIN_COPY.deactivated, 0]);
    // A redemption makes it undeletable.
    const fan = await staffUser("developer");
    const order = await createOrder(env.DB, fan.user.id, { kind: "wallet_topup", amountMinor: 100 });
    await redeemPromo(env.DB, id, { id: order.id, userId: fan.user.id }, 10);
    const [refused, refusedAnswer] = await call(finance.cookie, "DELETE", `/api/delete-promo-code/${id}`);
    expect([refused, refusedAnswer.message]).toEqual([409, PROMO_ADMIN_COPY.usedCannotDelete]);
    const other = `GONE${Date.now()}`.slice(0, 20);
    await call(finance.cookie, "POST", "/api/create-promo-code", { code: other, kind: "percent", value: "10" });
    const [deleted] = await call(finance.cookie, "DELETE", `/api/delete-promo-code/${(await row(other))?.id}`);
    expect(deleted).toBe(200);
    expect(await row(other)).toBeNull();
    const [post] = await call(finance.cookie, "POST", `/api/delete-promo-code/${id}`, {});
    expect(post).toBe(400);
  });

  it("works as plain forms without JavaScript", async () => {
    const admin = await staffUser("admin");
    const client = new Client();
    const headers = { Cookie: admin.cookie };
    const code = `FORM${Date.now()}`.slice(0, 20);
    const bad = await client.post(
      "/admin/manage-promo-codes",
      { intent: "create", code, kind: "fixed", value: "3" },
      headers,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose the currency of a fixed amount");
    const made = await client.post(
      "/admin/manage-promo-codes",
      { intent: "create", code, kind: "fixed", value: "3", currency: "INR", isActive: "false" },
      headers,
    );
    expect(made.status).toBe(302);
    expect(await row(code)).toMatchObject({ value: 300, currency: "INR", is_active: 0 });
    const id = String((await row(code))?.id);
    const on = await client.post("/admin/manage-promo-codes", { intent: "toggle", id, isActive: "true" }, headers);
    expect(on.status).toBe(302);
    expect((await row(code))?.is_active).toBe(1);
    const page = await (await client.get(`/admin/manage-promo-codes?edit=${id}`, headers)).text();
    expect(page).toContain(`Edit ${code}`);
    // Deleting asks first (app/lib/confirm.ts): unconfirmed, the code stays.
    const asked = await client.post("/admin/manage-promo-codes", { intent: "delete", id }, headers);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Yes, delete");
    expect(await row(code)).not.toBeNull();
    const confirmed = { intent: "delete", id, confirm: "yes" };
    expect((await client.post("/admin/manage-promo-codes", confirmed, headers)).status).toBe(302);
    expect(await row(code)).toBeNull();
  });
});
