/**
 * The schema's invariants, exercised on SQLite with the real migrations: each test tries the
 * write a bug (or a race) would make and expects the database to refuse it. The conditional
 * writes documented in the schema files (booking a seat, paying from the wallet) are run here
 * in the form the use cases will use.
 */
import { readFileSync } from "node:fs";
import type { DatabaseSync } from "node:sqlite";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { beforeEach, describe, expect, it } from "vitest";
import { TABLES } from "../../scripts/seed/tables";
import { migrationFiles, openMigratedDatabase } from "../testing";

let db: DatabaseSync;
const run = (sql: string, ...params: (string | number | null)[]) => db.prepare(sql).run(...params);
const one = <T>(sql: string, ...params: (string | number | null)[]) => db.prepare(sql).get(...params) as T;

/** A small world: a fan, an influencer with a gig, a slot of 2 seats, a live session. */
function seedWorld() {
  db.exec(`
    INSERT INTO users (id, username, email, country) VALUES
      ('fan1', 'fan1', 'fan1@example.com', 'IN'), ('fan2', 'fan2', 'fan2@example.com', 'US'),
      ('fan3', 'fan3', NULL, NULL), ('star', 'star', 'star@example.com', 'GB');
    INSERT INTO influencer_profiles (user_id) VALUES ('star');
    INSERT INTO games (id, name, slug) VALUES ('val', 'Valorant', 'valorant'), ('lol', 'League', 'lol');
    INSERT INTO game_modes (id, game_id, name, duration_minutes, no_of_players) VALUES
      ('comp', 'val', 'Competitive', 45, 4), ('aram', 'lol', 'ARAM', 22, 4);
    INSERT INTO platforms (id, platform_name, platform_id_name) VALUES ('pc', 'PC', 'pc'), ('xbox', 'XBOX', 'xbox');
    INSERT INTO game_platforms (game_id, platform_id) VALUES ('val', 'pc'), ('lol', 'pc');
    INSERT INTO products (id, influencer_id, title, game_id, game_mode_id, platform_id, price_minor, list_price_minor)
      VALUES ('gig', 'star', 'Ranked grind', 'val', 'comp', 'pc', 1000, 1000);
    INSERT INTO slots (id, influencer_id, product_id, starts_at, ends_at, seats) VALUES ('slot', 'star', 'gig', 10000, 20000, 2);
    INSERT INTO live_sessions (id, influencer_id, title, game_id, game_mode_id, platform_id, price_minor, list_price_minor, started_at)
      VALUES ('live', 'star', 'Live now', 'val', 'comp', 'pc', 500, 500, 1);
  `);
}

function paidSlotOrder(id: string, user: string, amount = 1000) {
  run(
    `INSERT INTO orders (id, user_id, influencer_id, kind, status, amount_minor, payment_method, slot_id, paid_at)
     VALUES (?, ?, 'star', 'slot_booking', 'paid', ?, 'card', 'slot', 5)`,
    id,
    user,
    amount,
  );
}

beforeEach(() => {
  db = openMigratedDatabase();
  seedWorld();
});

describe("migrations", () => {
  it("create every table of the Drizzle schema", () => {
    const names = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    for (const [, table] of TABLES) expect(names).toContain(getTableConfig(table).name);
  });

  it("stay within D1 limits: LIKE/GLOB patterns of at most 50 bytes", () => {
    for (const file of migrationFiles()) {
      const sql = readFileSync(file, "utf8");
      for (const match of sql.matchAll(/\b(?:GLOB|LIKE)\s+'((?:[^']|'')*)'/gi)) {
        expect(Buffer.byteLength(match[1] ?? ""), `${file}: ${match[0]}`).toBeLessThanOrEqual(50);
      }
    }
  });
});

describe("users", () => {
  it("derive is_live from live_session_id and base_currency from country", () => {
    run("UPDATE users SET live_session_id = 'live' WHERE id = 'star'");
    const rows = db.prepare("SELECT id, is_live, base_currency FROM users ORDER BY id").all();
    expect(rows).toEqual([
      { id: "fan1", is_live: 0, base_currency: "INR" },
      { id: "fan2", is_live: 0, base_currency: "USD" },
      { id: "fan3", is_live: 0, base_currency: "USD" },
      { id: "star", is_live: 1, base_currency: "USD" },
    ]);
  });

  it("refuse a username differing only by case, an upper-case email and an unknown role", () => {
    expect(() => run("INSERT INTO users (id, username) VALUES ('x', 'FAN1')")).toThrow(/UNIQUE/);
    expect(() => run("INSERT INTO users (id, username, email) VALUES ('x', 'x1', 'A@B.C')")).toThrow(/CHECK/);
    expect(() => run("INSERT INTO users (id, username, role) VALUES ('x', 'x2', 'root')")).toThrow(/CHECK/);
  });
});

describe("gigs and live sessions", () => {
  const insertGig = (title: string, mode: string, platform: string, streamer = "star") =>
    run(
      `INSERT INTO products (id, influencer_id, title, game_id, game_mode_id, platform_id, price_minor, list_price_minor)
       VALUES (?, ?, ?, 'val', ?, ?, 500, 500)`,
      `g-${title.length}-${mode}-${platform}-${streamer}`,
      streamer,
      title,
      mode,
      platform,
    );

  it("cap titles at 66 characters", () => {
    expect(() => insertGig("x".repeat(66), "comp", "pc")).not.toThrow();
    expect(() => insertGig("x".repeat(67), "comp", "pc")).toThrow(/products_title_check/);
  });

  it("only accept a mode of the gig's game, a platform the game runs on, and an influencer owner", () => {
    expect(() => insertGig("Wrong mode", "aram", "pc")).toThrow(/FOREIGN KEY/);
    expect(() => insertGig("Wrong platform", "comp", "xbox")).toThrow(/FOREIGN KEY/);
    expect(() => insertGig("Not a star", "comp", "pc", "fan1")).toThrow(/FOREIGN KEY/);
  });

  it("allow one open live session per streamer", () => {
    const goLive = (id: string) =>
      run(
        `INSERT INTO live_sessions (id, influencer_id, title, game_id, game_mode_id, platform_id, price_minor, list_price_minor, started_at)
         VALUES (?, 'star', 'Again', 'val', 'comp', 'pc', 500, 500, 2)`,
        id,
      );
    expect(() => goLive("live2")).toThrow(/UNIQUE/);
    run("UPDATE live_sessions SET ended_at = 3 WHERE id = 'live'");
    expect(() => goLive("live2")).not.toThrow();
  });

  it("keep one active queue entry per user, VIP places paid, regular places free", () => {
    const join = (id: string, position: number, lane = "regular", order: string | null = null) =>
      run(
        `INSERT INTO queue_entries (id, live_session_id, user_id, lane, position, order_id, joined_at)
         VALUES (?, 'live', 'fan1', ?, ?, ?, 1)`,
        id,
        lane,
        position,
        order,
      );
    join("q1", 1);
    expect(() => join("q2", 2)).toThrow(/UNIQUE/);
    run("UPDATE queue_entries SET state = 'left', finished_at = 2 WHERE id = 'q1'");
    expect(() => join("q3", 3, "vip")).toThrow(/queue_entries_vip_paid_check/);
    run(
      `INSERT INTO orders (id, user_id, influencer_id, kind, status, amount_minor, payment_method, live_session_id, paid_at)
       VALUES ('vip', 'fan1', 'star', 'vip_queue', 'paid', 500, 'card', 'live', 5)`,
    );
    expect(() => join("q4", 4, "vip", "vip")).not.toThrow();
    // The VIP order cannot serve a second place, nor another user's place.
    expect(() =>
      run(
        `INSERT INTO queue_entries (id, live_session_id, user_id, lane, position, order_id, joined_at)
         VALUES ('q5', 'live', 'fan2', 'vip', 5, 'vip', 1)`,
      ),
    ).toThrow(/UNIQUE|FOREIGN KEY/);
  });
});

describe("bookings and orders", () => {
  /** The capacity-checked booking insert the booking use case runs (see slots.ts). */
  const book = (id: string, user: string, seats: number, now: number, status = "held") =>
    run(
      `INSERT INTO bookings (id, slot_id, user_id, order_id, seats, status, hold_expires_at, confirmed_at)
       SELECT ?, 'slot', ?, ?, ?, ?, ? + 600000, CASE WHEN ? = 'confirmed' THEN ? END
       WHERE (SELECT coalesce(sum(seats), 0) FROM bookings WHERE slot_id = 'slot'
               AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > ?)))
             + ? <= (SELECT seats FROM slots WHERE id = 'slot' AND status = 'open')`,
      id,
      user,
      `o-${id}`,
      seats,
      status,
      now,
      status,
      now,
      now,
      seats,
    ).changes;

  it("never sell more seats than the slot has, and give expired holds back", () => {
    for (const user of ["fan1", "fan2", "fan3"]) {
      run(
        `INSERT INTO orders (id, user_id, influencer_id, kind, amount_minor, payment_method, slot_id)
         VALUES (?, ?, 'star', 'slot_booking', 1000, 'card', 'slot')`,
        `o-b-${user}`,
        user,
      );
    }
    expect(book("b-fan1", "fan1", 2, 0)).toBe(1);
    expect(book("b-fan2", "fan2", 1, 1000)).toBe(0); // full while fan1's hold lasts
    expect(book("b-fan2", "fan2", 1, 700_000)).toBe(1); // fan1's hold expired at 600000
    expect(book("b-fan3", "fan3", 2, 700_000)).toBe(0);
  });

  it("tie a booking to exactly one order of the same slot and buyer", () => {
    paidSlotOrder("o1", "fan1");
    const insert = (id: string, user: string) =>
      run(
        `INSERT INTO bookings (id, slot_id, user_id, order_id, seats, status, confirmed_at)
         VALUES (?, 'slot', ?, 'o1', 1, 'confirmed', 5)`,
        id,
        user,
      );
    expect(() => insert("b2", "fan2")).toThrow(/FOREIGN KEY/);
    insert("b1", "fan1");
    expect(() => insert("b3", "fan1")).toThrow(/UNIQUE/);
  });

  it("keep an order's references consistent with its kind and its influencer", () => {
    expect(() =>
      run(
        `INSERT INTO orders (id, user_id, influencer_id, kind, amount_minor, payment_method)
         VALUES ('x', 'fan1', 'star', 'slot_booking', 1000, 'card')`,
      ),
    ).toThrow(/orders_kind_refs_check/);
    run("INSERT INTO users (id, username) VALUES ('star2', 'star2')");
    run("INSERT INTO influencer_profiles (user_id) VALUES ('star2')");
    expect(() =>
      run(
        `INSERT INTO orders (id, user_id, influencer_id, kind, amount_minor, payment_method, slot_id)
         VALUES ('y', 'fan1', 'star2', 'slot_booking', 1000, 'card', 'slot')`,
      ),
    ).toThrow(/FOREIGN KEY/);
  });

  it("fulfil once: one order per Checkout session, one row per webhook event", () => {
    run(
      `INSERT INTO orders (id, user_id, influencer_id, kind, amount_minor, payment_method, slot_id, checkout_session_id)
       VALUES ('o1', 'fan1', 'star', 'slot_booking', 1000, 'card', 'slot', 'cs_1')`,
    );
    expect(() =>
      run(
        `INSERT INTO orders (id, user_id, influencer_id, kind, amount_minor, payment_method, slot_id, checkout_session_id)
         VALUES ('o2', 'fan2', 'star', 'slot_booking', 1000, 'card', 'slot', 'cs_1')`,
      ),
    ).toThrow(/UNIQUE/);
    const fulfil = () =>
      run("UPDATE orders SET status = 'paid', paid_at = 9 WHERE id = 'o1' AND status = 'pending_payment'").changes;
    expect(fulfil()).toBe(1);
    expect(fulfil()).toBe(0);
    const event = (id: string) =>
      run(
        `INSERT INTO payment_events (id, provider_event_id, type, payload, received_at)
         VALUES (?, 'evt_1', 'checkout.session.completed', '{}', 1)`,
        id,
      );
    event("pe1");
    expect(() => event("pe2")).toThrow(/UNIQUE/);
  });

  it("never refund more than was paid", () => {
    paidSlotOrder("o1", "fan1");
    const refund = (amount: number) =>
      run(
        `UPDATE orders SET refunded_minor = refunded_minor + ?,
           status = CASE WHEN refunded_minor + ? = amount_minor THEN 'refunded' ELSE 'partially_refunded' END
         WHERE id = 'o1'`,
        amount,
        amount,
      );
    refund(600);
    expect(() => refund(600)).toThrow(/CHECK/);
    refund(400);
    expect(one<{ status: string }>("SELECT status FROM orders WHERE id = 'o1'").status).toBe("refunded");
  });
});

describe("wallet", () => {
  const topUp = (amount: number) => {
    run(
      `INSERT INTO orders (id, user_id, kind, status, amount_minor, payment_method, paid_at)
       VALUES ('top', 'fan1', 'wallet_topup', 'paid', ?, 'card', 1)`,
      amount,
    );
    run(
      `INSERT INTO wallet_entries (id, user_id, amount_minor, currency, kind, order_id)
       VALUES ('w-top', 'fan1', ?, 'USD', 'topup', 'top')`,
      amount,
    );
  };
  /** The balance-checked purchase the wallet use case runs (see wallet.ts). */
  const purchase = (order: string, amount: number) =>
    run(
      `INSERT INTO wallet_entries (id, user_id, amount_minor, currency, kind, order_id)
       SELECT ?, 'fan1', ?, 'USD', 'purchase', ?
       WHERE (SELECT coalesce(sum(amount_minor), 0) FROM wallet_entries WHERE user_id = 'fan1' AND currency = 'USD') >= ?`,
      `w-${order}`,
      -amount,
      order,
      amount,
    ).changes;

  it("only spend what the balance covers", () => {
    topUp(1000);
    paidSlotOrder("o1", "fan1", 700);
    paidSlotOrder("o2", "fan1", 700);
    expect(purchase("o1", 700)).toBe(1);
    expect(purchase("o2", 700)).toBe(0);
  });

  it("is append-only, signs entries by kind, and credits a top-up once", () => {
    topUp(1000);
    expect(() => run("UPDATE wallet_entries SET amount_minor = 5")).toThrow(/append-only/);
    expect(() =>
      run(
        `INSERT INTO wallet_entries (id, user_id, amount_minor, currency, kind, order_id)
         VALUES ('w2', 'fan1', 1000, 'USD', 'topup', 'top')`,
      ),
    ).toThrow(/UNIQUE/);
    expect(() =>
      run(
        `INSERT INTO wallet_entries (id, user_id, amount_minor, currency, kind) VALUES ('w3', 'fan1', 100, 'USD', 'purchase')`,
      ),
    ).toThrow(/CHECK/);
  });
});

describe("payouts, promo codes, tokens, moderation", () => {
  it("put an order in at most one payout that is not removed", () => {
    paidSlotOrder("o1", "fan1");
    const payout = (id: string) =>
      run(
        `INSERT INTO payouts (id, influencer_id, period_start, period_end, platform_fee_bps, platform_fee_indirect_tax_bps,
           indirect_tax_bps, tds_bps, gross_minor, platform_fee_minor, platform_fee_indirect_tax_minor, indirect_tax_minor,
           tds_minor, net_minor) VALUES (?, 'star', 1, 2, 2000, 1800, 1800, 10, 1000, 200, 36, 180, 1, 583)`,
        id,
      );
    payout("p1");
    payout("p2");
    run("INSERT INTO payout_orders (payout_id, order_id) VALUES ('p1', 'o1')");
    expect(() => run("INSERT INTO payout_orders (payout_id, order_id) VALUES ('p2', 'o1')")).toThrow(/UNIQUE/);
    run("UPDATE payouts SET status = 'removed', removed_at = 3 WHERE id = 'p1'");
    run("UPDATE payout_orders SET active = 0 WHERE payout_id = 'p1'");
    expect(() => run("INSERT INTO payout_orders (payout_id, order_id) VALUES ('p2', 'o1')")).not.toThrow();
  });

  it("redeem a promo code at most once per order, and keep codes upper case", () => {
    run("INSERT INTO promo_codes (id, code, kind, value) VALUES ('pc', 'WELCOME10', 'percent', 1000)");
    expect(() =>
      run("INSERT INTO promo_codes (id, code, kind, value) VALUES ('pc2', 'lower', 'percent', 1000)"),
    ).toThrow(/CHECK/);
    expect(() => run("INSERT INTO promo_codes (id, code, kind, value) VALUES ('pc3', 'FIXED', 'fixed', 500)")).toThrow(
      /promo_codes_value_check/,
    );
    paidSlotOrder("o1", "fan1");
    run(
      "INSERT INTO promo_redemptions (id, promo_code_id, user_id, order_id, discount_minor) VALUES ('r1', 'pc', 'fan1', 'o1', 100)",
    );
    expect(() =>
      run(
        "INSERT INTO promo_redemptions (id, promo_code_id, user_id, order_id, discount_minor) VALUES ('r2', 'pc', 'fan1', 'o1', 100)",
      ),
    ).toThrow(/UNIQUE/);
  });

  it("keep one live refresh token per family", () => {
    const token = (id: string) =>
      run(
        "INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at) VALUES (?, 'fan1', 'fam', ?, 99)",
        id,
        `hash-${id}`,
      );
    token("t1");
    expect(() => token("t2")).toThrow(/UNIQUE/);
    expect(run("UPDATE refresh_tokens SET used_at = 5 WHERE id = 't1' AND used_at IS NULL").changes).toBe(1);
    expect(() => token("t2")).not.toThrow();
  });

  it("allow one active ban per user and keep the ban history", () => {
    run("INSERT INTO bans (id, user_id, banned_at) VALUES ('b1', 'fan1', 1)");
    expect(() => run("INSERT INTO bans (id, user_id, banned_at) VALUES ('b2', 'fan1', 2)")).toThrow(/UNIQUE/);
    run("UPDATE bans SET unbanned_at = 3 WHERE id = 'b1'");
    expect(() => run("INSERT INTO bans (id, user_id, banned_at) VALUES ('b2', 'fan1', 4)")).not.toThrow();
  });

  it("accept exactly the six bank identifier options (BANK_IDENTIFIER_KINDS)", () => {
    const insert = (id: string, user: string, kind: string) =>
      run(
        `INSERT INTO bank_details (id, user_id, account_holder_name, address, bank_name, country, full_name, gaming_name,
           mobile_number, tshirt_size, account_number, bank_identifier_kind, bank_identifier_value, statement_key, agreement_key)
         VALUES (?, ?, 'A', 'B', 'C', 'IN', 'D', 'E', 'F', 'M', '123', ?, 'HDFC0001234', 'k1', 'k2')`,
        id,
        user,
        kind,
      );
    expect(() => insert("bd0", "star", "PayPal")).toThrow(/CHECK/);
    expect(() => insert("bd1", "star", "IFSC Code")).not.toThrow();
    expect(() => insert("bd2", "fan1", "IBAN")).toThrow(/FOREIGN KEY/);
  });
});
