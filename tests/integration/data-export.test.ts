import { env } from "cloudflare:workers";
import { getTableName } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DATA_EXPORT_FORMAT, DATA_EXPORT_LIMIT } from "~/features/privacy/export.server";
import { EXPORT_SECTIONS, NOT_EXPORTED } from "~/features/privacy/sections.server";
import { notifyUser } from "../after-sale-factories";
import {
  createBooking,
  createGame,
  createGig,
  createLiveSession,
  createPlatform,
  createSlot,
  createStreamer,
  creditWallet,
  favouriteStar,
  joinQueue,
  linkOAuthAccount,
} from "../factories";
import { request } from "./app";
import { loggedInUser } from "./session";

/**
 * "Download my data" (issue 52): the signed-in person's records, streamed, as JSON and as CSV for orders and the
 * wallet. A fan with 1,000 orders gets every one of their records within 2 seconds, and nobody else's.
 */
const ORDERS = 1_000;

/** A fan with 1,000 paid wallet top-ups (each with its wallet credit), a booking, a queue place and more. */
async function busyFan() {
  const fan = await loggedInUser({ timeZone: "Asia/Kolkata" });
  const userId = fan.user.id;
  const base = Date.UTC(2026, 0, 1);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO orders (id, user_id, kind, status, amount_minor, currency, payment_method, paid_at, created_at, updated_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       SELECT ? || '-o' || i, ?, 'wallet_topup', 'paid', 1000 + i, 'INR', 'card', ? + i * 60000, ? + i * 60000, ? + i * 60000 FROM n`,
    ).bind(ORDERS, userId, userId, base, base, base),
    env.DB.prepare(
      `INSERT INTO wallet_entries (id, user_id, amount_minor, currency, kind, order_id, created_at)
       SELECT id || '-w', user_id, amount_minor, 'INR', 'topup', id, created_at FROM orders WHERE user_id = ?`,
    ).bind(userId),
  ]);
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, `pc-${crypto.randomUUID()}`);
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game);
  const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + 86_400_000));
  const booking = await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, userId, "confirmed");
  const session = await createLiveSession(env.DB, streamer.id, game);
  await joinQueue(env.DB, session.id, userId, 1);
  await notifyUser(env.DB, userId, "Your booking is confirmed");
  await creditWallet(env.DB, userId, 500, "INR");
  await favouriteStar(env.DB, userId, streamer.id);
  await linkOAuthAccount(env.DB, userId, "discord", `discord-${userId}`);
  await env.DB.prepare(
    "INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, updated_at) VALUES (?, ?, ?, 'PUBLIC-KEY-SECRET', 'AUTH-SECRET', 0, 0)",
  )
    .bind(crypto.randomUUID(), userId, `https://fcm.googleapis.com/fcm/send/${userId}`)
    .run();
  return { ...fan, booking, streamer };
}

async function readAll(response: Response): Promise<string> {
  return new TextDecoder().decode(await response.arrayBuffer());
}

describe("download my data", () => {
  it("streams every record of a fan with 1,000 orders within 2 seconds, and nobody else's", async () => {
    const fan = await busyFan();
    const other = await loggedInUser();
    await env.DB.prepare(
      "INSERT INTO orders (id, user_id, kind, status, amount_minor, currency, payment_method, created_at, updated_at) VALUES (?, ?, 'wallet_topup', 'pending_payment', 777, 'USD', 'card', 0, 0)",
    )
      .bind(`${other.user.id}-theirs`, other.user.id)
      .run();

    // A running server: the first request of this file loads the app's modules (seconds under Vitest), so it is
    // made first, as the other person's own small download.
    expect((await request("/profile/data/orders.csv", { headers: { Cookie: other.cookie } })).status).toBe(200);

    const started = performance.now();
    const response = await request("/profile/data/export.json", { headers: { Cookie: fan.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="noobrd-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await readAll(response);
    const elapsed = performance.now() - started;
    expect(elapsed, `export took ${Math.round(elapsed)} ms`).toBeLessThan(2_000);

    const data = JSON.parse(text) as Record<string, unknown> & Record<string, Record<string, unknown>[]>;
    expect(data.format).toBe(DATA_EXPORT_FORMAT);
    expect(data.userId).toBe(fan.user.id);
    expect(data.profile).toEqual([expect.objectContaining({ id: fan.user.id, email: fan.user.email })]);
    // Every order and wallet entry of theirs (1,000 top-ups, the booking's order; 1,000 credits and one more).
    expect(data.orders).toHaveLength(ORDERS + 1);
    expect(new Set(data.orders?.map((o) => o.id)).size).toBe(ORDERS + 1);
    expect(data.walletEntries).toHaveLength(ORDERS + 1);
    expect(data.bookings).toEqual([expect.objectContaining({ id: fan.booking.id, status: "confirmed" })]);
    expect(data.queuePlaces).toHaveLength(1);
    expect(data.notifications).toEqual([expect.objectContaining({ title: "Your booking is confirmed" })]);
    expect(data.favouriteStars).toHaveLength(1);
    expect(data.linkedAccounts).toEqual([expect.objectContaining({ provider: "discord" })]);
    expect(data.alertSubscriptions).toHaveLength(1);
    // Every section is there, even when empty; and the counts match the tables.
    for (const section of EXPORT_SECTIONS) expect(Array.isArray(data[section.name]), section.name).toBe(true);
    const counted = await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE user_id = ?")
      .bind(fan.user.id)
      .first<{ n: number }>();
    expect(data.orders).toHaveLength(counted?.n ?? -1);
    // Credentials and other people's rows stay out.
    expect(text).not.toContain(other.user.id);
    expect(text).not.toContain("PUBLIC-KEY-SECRET");
    expect(text).not.toContain("AUTH-SECRET");
    expect(text).not.toContain("password_hash");
    const sessionId = fan.cookie.split("=")[1]?.split(".")[0] ?? "-";
    expect(text).not.toContain(sessionId);
    expect(data.sessions?.[0]).not.toHaveProperty("id");
  });

  it("gives the orders and the wallet as CSV, times in the person's zone", async () => {
    const fan = await busyFan();
    const orders = await request("/profile/data/orders.csv", { headers: { Cookie: fan.cookie } });
    expect(orders.status).toBe(200);
    expect(orders.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await readAll(orders)).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "order_id,created_at,kind,status,payment_method,amount,amount_minor,currency,discount_minor,refunded_minor,paid_at,slot_id,live_session_id",
    );
    expect(lines).toHaveLength(ORDERS + 2);
    const first = lines.find((line) => line.startsWith(`${fan.user.id}-o1,`)) ?? "";
    expect(first).toContain("2026-01-01T05:31:00+05:30");
    expect(first).toContain(",1001,INR,");
    const wallet = await readAll(await request("/profile/data/wallet.csv", { headers: { Cookie: fan.cookie } }));
    expect(wallet.trimEnd().split("\r\n")).toHaveLength(ORDERS + 2);
  });

  it("is signed-in only, through the page and the API, and limited per hour", async () => {
    const anonymous = await request("/profile/data/export.json");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    const api = await request("/api/user/data-export");
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ success: false });
    expect(
      (await request("/profile/data/nope.txt", { headers: { Cookie: (await loggedInUser()).cookie } })).status,
    ).toBe(404);

    const { cookie, user } = await loggedInUser();
    const bad = await request("/api/user/data-export?format=pdf", { headers: { Cookie: cookie } });
    expect(bad.status).toBe(400);
    for (let i = 0; i < DATA_EXPORT_LIMIT.max; i++) {
      const path = i % 2 === 0 ? "/api/user/data-export?format=wallet.csv" : "/profile/data/export.json";
      const response = await request(path, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(200);
      const body = await readAll(response);
      if (path.endsWith(".json")) expect(JSON.parse(body).userId).toBe(user.id);
    }
    const refused = await request("/profile/data/export.json", { headers: { Cookie: cookie } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBeTruthy();
    const refusedApi = await request("/api/user/data-export", { headers: { Cookie: cookie } });
    expect(refusedApi.status).toBe(429);
    expect(await refusedApi.json()).toMatchObject({ success: false, message: expect.stringContaining("try again") });
  });

  it("leaves out no table that holds a person's id, except the credentials and the audit log it names", async () => {
    const { results } = await env.DB.prepare(
      "SELECT name AS tableName, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    ).all<{ tableName: string; sql: string }>();
    const withPerson = results.filter((r) => /[`"\s(,](user_id|reporter_id|actor_id)[`"\s]/.test(r.sql));
    expect(withPerson.length).toBeGreaterThan(20);
    const exported = new Set(EXPORT_SECTIONS.map((section) => getTableName(section.table)));
    const missing = withPerson.map((r) => r.tableName).filter((name) => !exported.has(name) && !(name in NOT_EXPORTED));
    expect(missing).toEqual([]);
  });
});
