import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CLOSURE_COPY } from "~/features/account-closure/copy";
import { eraseDueAccounts } from "~/features/account-closure/index.server";
import { archiveSentMessages } from "~/features/messages/index.server";
import { archiveOldEvents } from "~/features/tracking/index.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import {
  createGame,
  createGig,
  createOrder,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
  linkOAuthAccount,
} from "../factories";
import { postForm, postJson, request } from "./app";
import { expectRefundsWithinPayments } from "./ledger-checks";
import { loggedInUser } from "./session";

/**
 * "Close my account" (issue 52): confirmed by password or an emailed code, refused while money is owed, 14 days to
 * change one's mind by signing in, then the scheduled job erases the personal data while orders, the ledger,
 * invoices and payouts stay under the account's (random, pseudonymous) id.
 */
const PASSWORD = "Str0ng-pass!";
const DAY = 24 * 60 * 60 * 1000;

async function person(overrides: Record<string, unknown> = {}, password: string | null = PASSWORD) {
  const tag = crypto.randomUUID().slice(0, 8);
  return loggedInUser(
    { username: `riya_${tag}`, fullName: `Riya Closing ${tag}`, email: `riya.${tag}@example.com`, ...overrides },
    password ?? undefined,
  );
}

function closeByPassword(cookie: string, password = PASSWORD) {
  return postForm("/profile/data", { intent: "close", password }, { Cookie: cookie });
}

async function closureOf(userId: string) {
  return env.DB.prepare(
    "SELECT status, erase_after AS eraseAfter, confirmed_by AS confirmedBy FROM account_closures WHERE user_id = ?",
  )
    .bind(userId)
    .first<{ status: string; eraseAfter: number; confirmedBy: string }>();
}

async function signedIn(cookie: string) {
  return (await request("/profile/data", { headers: { Cookie: cookie } })).status === 200;
}

describe("closing an account", () => {
  it("is refused while a refund to the person is pending, or their wallet holds money, with what to do", async () => {
    const fan = await person();
    const order = await createOrder(env.DB, fan.user.id, { kind: "wallet_topup", amountMinor: 2_500, currency: "INR" });
    await env.DB.prepare(
      "INSERT INTO refunds (id, order_id, amount_minor, currency, method, status, counts_on_order, created_at, updated_at, next_attempt_at) VALUES (?, ?, 2500, 'INR', 'card', 'pending', 0, 0, 0, 0)",
    )
      .bind(crypto.randomUUID(), order.id)
      .run();
    await env.DB.prepare(
      "INSERT INTO wallet_entries (id, user_id, amount_minor, currency, kind, created_at) VALUES (?, ?, 700, 'USD', 'promo_credit', 0)",
    )
      .bind(crypto.randomUUID(), fan.user.id)
      .run();

    const pageResponse = await request("/profile/data", { headers: { Cookie: fan.cookie } });
    const page = await pageResponse.text();
    expect(pageResponse.status, page.slice(0, 300)).toBe(200);
    const blockersHtml = page.slice(page.indexOf("closure-blockers"), page.indexOf("closure-blockers") + 800);
    expect(blockersHtml).toContain("A refund of ₹25 to you is still under way");
    const refused = await closeByPassword(fan.cookie);
    expect(refused.status).toBe(409);
    const text = await refused.text();
    expect(text).toContain(CLOSURE_COPY.refusedIntro);
    expect(text).toContain(
      "A refund of ₹25 to you is still under way. You can close your account once it has arrived.",
    );
    expect(text).toContain("Your wallet holds $7. Spend it on a booking");
    const api = await postJson("/api/user/close-account", { password: PASSWORD }, { Cookie: fan.cookie });
    expect(api.status).toBe(409);
    expect(await api.json()).toMatchObject({ success: false, reason: "money_owed" });
    // Nothing written, still signed in.
    expect(await closureOf(fan.user.id)).toBeNull();
    expect(await signedIn(fan.cookie)).toBe(true);
  });

  it("by password: signs out everywhere, then signing in within 14 days keeps the account", async () => {
    const fan = await person();
    expect((await closeByPassword(fan.cookie, "wrong-password")).status).toBe(400);
    expect(await closureOf(fan.user.id)).toBeNull();
    const closed = await closeByPassword(fan.cookie);
    expect(closed.status).toBe(302);
    expect(closed.headers.get("Location")).toBe("/");
    expect(closed.headers.getSetCookie().some((c) => c.startsWith("session=;"))).toBe(true);
    const closure = await closureOf(fan.user.id);
    expect(closure).toMatchObject({ status: "pending", confirmedBy: "password" });
    expect(Math.abs((closure?.eraseAfter ?? 0) - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    expect(await signedIn(fan.cookie)).toBe(false);
    const [mail] = await readOutbox(env.PRIVATE_FILES, { to: fan.user.email ?? "", limit: 1 });
    expect(mail?.subject).toBe("Your Noobrd account will be closed");

    // Signing in within the 14 days cancels it; the erasure job then leaves the account alone.
    const login = await postForm("/login", { email: fan.user.email ?? "", password: PASSWORD });
    expect(login.status).toBe(302);
    expect((await closureOf(fan.user.id))?.status).toBe("cancelled");
    expect((await eraseDueAccounts(env, new Date(Date.now() + 15 * DAY))).erased).not.toContain(fan.user.id);
    const row = await env.DB.prepare("SELECT email FROM users WHERE id = ?")
      .bind(fan.user.id)
      .first<{ email: string }>();
    expect(row?.email).toBe(fan.user.email);
  });

  it("through the API: 400 for a wrong password, then the date; the bearer's own session ends", async () => {
    const fan = await person();
    const wrong = await postJson("/api/user/close-account", { password: "nope" }, { Cookie: fan.cookie });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ success: false, field: "password" });
    const ok = await postJson("/api/user/close-account", { password: PASSWORD }, { Cookie: fan.cookie });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { success: boolean; eraseAfter: string };
    expect(body.success).toBe(true);
    expect(Date.parse(body.eraseAfter)).toBeGreaterThan(Date.now() + 13 * DAY);
    expect(await signedIn(fan.cookie)).toBe(false);
    // Asking again (signed in elsewhere meanwhile would cancel it; a second closure cannot be pending at once).
    const again = await postJson("/api/user/close-account", { password: PASSWORD }, { Cookie: fan.cookie });
    expect(again.status).toBe(401);
  });

  it("by an emailed code for an account without a password", async () => {
    const fan = await person({}, null);
    await linkOAuthAccount(env.DB, fan.user.id, "google", `google-${fan.user.id}`);
    const page = await (await request("/profile/data", { headers: { Cookie: fan.cookie } })).text();
    expect(page).toContain("Email me a code");
    const sent = await postForm("/profile/data", { intent: "send-code" }, { Cookie: fan.cookie });
    expect(sent.status).toBe(200);
    const html = await sent.text();
    const handle = /name="handle" value="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(handle).not.toBe("");
    const [mail] = await readOutbox(env.PRIVATE_FILES, { to: fan.user.email ?? "", limit: 1 });
    const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(
      (
        await postForm(
          "/profile/data",
          { intent: "close", handle, code: code === "000000" ? "111111" : "000000" },
          { Cookie: fan.cookie },
        )
      ).status,
    ).toBe(400);
    const closed = await postForm("/profile/data", { intent: "close", handle, code }, { Cookie: fan.cookie });
    expect(closed.status).toBe(302);
    expect(await closureOf(fan.user.id)).toMatchObject({ status: "pending", confirmedBy: "code" });
  });

  it("after its 14 days: no personal data left in any table or bucket, the ledger balanced and kept", async () => {
    const fan = await person({ bio: "I play support mains only", lastIp: "203.0.113.99", timeZone: "Asia/Kolkata" });
    const userId = fan.user.id;
    const streamer = await createStreamer(env.DB);
    const platform = await createPlatform(env.DB, `pc-${crypto.randomUUID()}`);
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    const gig = await createGig(env.DB, streamer.id, game);
    const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() - 3 * DAY), {
      endsAt: new Date(Date.now() - 3 * DAY + 3_600_000),
    });
    // Money: a card top-up spent on a played session (wallet back to zero), and a card order refunded in full.
    const topup = await createOrder(env.DB, userId, { kind: "wallet_topup", amountMinor: 1_000 });
    const played = await createOrder(env.DB, userId, {
      streamerId: streamer.id,
      slotId: slot.id,
      paymentMethod: "wallet",
      amountMinor: 1_000,
      gamertag: "RiyaOnSteam",
    });
    const refunded = await createOrder(env.DB, userId, {
      streamerId: streamer.id,
      slotId: slot.id,
      amountMinor: 400,
      status: "refunded",
      refundedMinor: 400,
    });
    const bookingId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO wallet_entries (id, user_id, amount_minor, currency, kind, order_id, created_at) VALUES (?, ?, 1000, 'USD', 'topup', ?, 1), (?, ?, -1000, 'USD', 'purchase', ?, 2)",
      ).bind(crypto.randomUUID(), userId, topup.id, crypto.randomUUID(), userId, played.id),
      env.DB.prepare(
        "INSERT INTO refunds (id, order_id, amount_minor, currency, method, status, counts_on_order, provider_refund_id, settled_at, created_at, updated_at) VALUES (?, ?, 400, 'USD', 'card', 'succeeded', 1, ?, 5, 5, 5)",
      ).bind(crypto.randomUUID(), refunded.id, `re_${crypto.randomUUID()}`),
      env.DB.prepare(
        "INSERT INTO bookings (id, slot_id, user_id, order_id, seats, status, confirmed_at) VALUES (?, ?, ?, ?, 1, 'completed', 1)",
      ).bind(bookingId, slot.id, userId, played.id),
      env.DB.prepare(
        "INSERT INTO booking_gamertags (id, booking_id, position, gamertag) VALUES (?, ?, 1, 'RiyaOnSteam')",
      ).bind(crypto.randomUUID(), bookingId),
      env.DB.prepare(
        "INSERT INTO reviews (id, booking_id, user_id, influencer_id, product_id, rating, comment, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 5, 'Riya loved this session, call me on 98765', 1, 1)",
      ).bind(crypto.randomUUID(), bookingId, userId, streamer.id, gig.id),
      env.DB.prepare(
        "INSERT INTO user_gamertags (id, user_id, platform, tag) VALUES (?, ?, 'steam', 'RiyaOnSteam')",
      ).bind(crypto.randomUUID(), userId),
      env.DB.prepare(
        "INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, updated_at) VALUES (?, ?, ?, 'k', 'a', 0, 0)",
      ).bind(crypto.randomUUID(), userId, `https://fcm.googleapis.com/fcm/send/riya-device-${userId}`),
      env.DB.prepare(
        "INSERT INTO contact_submissions (id, user_id, name, email, subject, message, created_at) VALUES (?, ?, ?, ?, 'Hi', 'Riya here, my number is 98765', 0)",
      ).bind(crypto.randomUUID(), userId, fan.user.fullName, fan.user.email),
      env.DB.prepare("UPDATE users SET picture_key = ? WHERE id = ?").bind(`avatars/${userId}/riya-face.png`, userId),
      // Stripe's event of the refunded order, as its webhook stored it: the customer's email and name in it.
      env.DB.prepare(
        "INSERT INTO payment_events (id, provider, provider_event_id, type, payload, order_id, received_at) VALUES (?, 'stripe', ?, 'checkout.session.completed', ?, ?, 0)",
      ).bind(
        crypto.randomUUID(),
        `evt_${crypto.randomUUID()}`,
        JSON.stringify({
          id: "evt_1",
          data: {
            object: {
              id: "cs_1",
              amount_total: 400,
              customer_email: fan.user.email,
              customer_details: { email: fan.user.email, name: fan.user.fullName },
            },
          },
        }),
        refunded.id,
      ),
    ]);
    await env.MEDIA.put(`avatars/${userId}/riya-face.png`, "riya's face");
    await linkOAuthAccount(env.DB, userId, "discord", `discord-riya-${userId}`);
    // A failed login and a successful one: rate-limit rows and an activity event that name the person.
    await postForm(
      "/login",
      { email: fan.user.email ?? "", password: "wrong" },
      { "CF-Connecting-IP": "203.0.113.99" },
    );
    // Old rows the half-hourly archive moved to the private bucket: the person's activity event, a message sent
    // about them, and someone else's of each, which stay.
    const other = await createUser(env.DB);
    const yearAgo = Date.now() - 365 * DAY;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO analytics_events (id, name, user_id, properties, created_at) VALUES (?, 'login', ?, '{}', ?), (?, 'login', ?, '{}', ?)",
      ).bind(`evt-riya-${userId}`, userId, yearAgo, `evt-other-${other.id}`, other.id, yearAgo),
      env.DB.prepare(
        "INSERT INTO outbox_messages (id, channel, template, params, status, attempts, sent_at, created_at) VALUES (?, 'email', 'booking-confirmed', ?, 'sent', 1, ?, ?), (?, 'email', 'booking-confirmed', ?, 'sent', 1, ?, ?)",
      ).bind(
        `msg-riya-${userId}`,
        JSON.stringify({ to: fan.user.email, gamertag: "RiyaOnSteam" }),
        yearAgo,
        yearAgo,
        `msg-other-${other.id}`,
        JSON.stringify({ to: other.email, userId: other.id }),
        yearAgo,
        yearAgo,
      ),
    ]);
    expect((await archiveOldEvents(env)).archived).toBeGreaterThanOrEqual(2);
    expect((await archiveSentMessages(env)).archived).toBeGreaterThanOrEqual(2);
    const archivedText = async () => {
      const listed = await env.PRIVATE_FILES.list({ prefix: "archive/" });
      const bodies = await Promise.all(listed.objects.map(async (o) => (await env.PRIVATE_FILES.get(o.key))?.text()));
      return bodies.join("\n");
    };
    expect(await archivedText()).toContain(`evt-riya-${userId}`);
    const ledgerBefore = await ledgerOf(userId);

    expect((await closeByPassword(fan.cookie)).status).toBe(302);
    // Not before its 14 days.
    expect((await eraseDueAccounts(env, new Date(Date.now() + 13 * DAY))).erased).not.toContain(userId);
    const run = await eraseDueAccounts(env, new Date(Date.now() + 15 * DAY));
    expect(run.erased).toContain(userId);
    expect((await closureOf(userId))?.status).toBe("erased");

    // What identified the person, searched in every row of every table and every object of both buckets.
    const traces = [
      fan.user.email ?? "",
      fan.user.username,
      fan.user.fullName,
      "RiyaOnSteam",
      "203.0.113.99",
      "support mains",
      "98765",
      `riya-device-${userId}`,
      "riya-face",
      `discord-riya-${userId}`,
    ];
    const { results: tables } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
    ).all<{ name: string }>();
    for (const { name } of tables) {
      const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
      const text = JSON.stringify(results);
      for (const trace of traces) expect(text.includes(trace), `${trace} in ${name}`).toBe(false);
    }
    for (const [bucketName, bucket] of [
      ["MEDIA", env.MEDIA],
      ["PRIVATE_FILES", env.PRIVATE_FILES],
    ] as const) {
      const listed = await bucket.list({ limit: 1000 });
      // The email and push stand-ins' outboxes are the outside services' side (a provider's sent mail), not ours.
      const ours = listed.objects.filter((o) => !o.key.startsWith("dev-outbox") && !o.key.startsWith("dev-push"));
      for (const object of ours) {
        const body = await (await bucket.get(object.key))?.text();
        for (const trace of traces) {
          expect(`${object.key} ${body}`.includes(trace), `${trace} in ${bucketName}/${object.key}`).toBe(false);
        }
      }
    }
    expect(await env.MEDIA.head(`avatars/${userId}/riya-face.png`)).toBeNull();
    // The archive lost the person's rows (the sweep above finds none of their traces in it) and kept the others'.
    const archived = await archivedText();
    expect(archived).not.toContain(`evt-riya-${userId}`);
    expect(archived).not.toContain(`msg-riya-${userId}`);
    expect(archived).toContain(`evt-other-${other.id}`);
    expect(archived).toContain(`msg-other-${other.id}`);

    // The records stay under the id: the same orders, ledger and refunds, balanced; the payment's own record too.
    const event = await env.DB.prepare("SELECT payload FROM payment_events WHERE order_id = ?")
      .bind(refunded.id)
      .first<{ payload: string }>();
    expect(JSON.parse(event?.payload ?? "{}")).toMatchObject({ data: { object: { id: "cs_1", amount_total: 400 } } });
    expect(await ledgerOf(userId)).toEqual(ledgerBefore);
    await expectRefundsWithinPayments();
    const shell = await env.DB.prepare(
      "SELECT username, email, full_name AS fullName, country, is_active AS active FROM users WHERE id = ?",
    )
      .bind(userId)
      .first<Record<string, unknown>>();
    expect(shell).toMatchObject({ email: null, fullName: "", country: "US", active: 0 });
    expect(String(shell?.username)).toMatch(/^closed_[a-z0-9]+$/);
    // Nobody can sign in as them, and staff see the state.
    expect((await postForm("/login", { email: fan.user.email ?? "", password: PASSWORD })).status).not.toBe(302);
    const moderator = await loggedInUser({ role: "admin" });
    const staffPage = await (
      await request("/admin/account-closures", { headers: { Cookie: moderator.cookie } })
    ).text();
    expect(staffPage).toContain(`data-testid="closure-${userId}"`);
    expect(staffPage).toContain("Erased");
  });
});

/** The person's money records: orders, wallet entries and refunds with their amounts and states. */
async function ledgerOf(userId: string) {
  const [orders, wallet, refunds] = await env.DB.batch([
    env.DB.prepare("SELECT id, status, amount_minor, refunded_minor FROM orders WHERE user_id = ? ORDER BY id").bind(
      userId,
    ),
    env.DB.prepare("SELECT id, amount_minor, kind, order_id FROM wallet_entries WHERE user_id = ? ORDER BY id").bind(
      userId,
    ),
    env.DB.prepare(
      "SELECT r.id, r.amount_minor, r.status FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.user_id = ? ORDER BY r.id",
    ).bind(userId),
  ]);
  const entries = (wallet?.results ?? []) as { amount_minor: number }[];
  const balance = entries.reduce((sum: number, row) => sum + Number(row.amount_minor), 0);
  return { orders: orders?.results, wallet: wallet?.results, refunds: refunds?.results, balance };
}
