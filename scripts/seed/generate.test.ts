import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { TITLE_MAX } from "~db/schema";
import { openMigratedDatabase } from "~db/testing";
import { verifyPassword } from "../../app/features/auth/password.server";
import { priceBoundBreach } from "../../app/lib/price-bounds";
import { DEMO_ACCOUNTS, demoUserId } from "./demo-accounts";
import { BOOKABLE_DAYS, generateSeed, HISTORY_DAYS, type SeedData } from "./generate";
import { renderResetSql, renderSeedSql, seedCounts } from "./sql";

const NOW = new Date("2026-11-22T00:00:00Z");
const DAY = 86_400_000;
const hash = (data: SeedData) => createHash("sha256").update(JSON.stringify(data)).digest("hex");

let demo: SeedData;
let scaled: SeedData;
beforeAll(async () => {
  demo = await generateSeed({ seed: 42, now: NOW });
  scaled = await generateSeed({ seed: 7, now: NOW, gigs: 4000, users: 3000 });
});

describe("generateSeed is deterministic", () => {
  it("gives identical output for identical options", async () => {
    const again = await generateSeed({ seed: 42, now: NOW });
    expect(hash(again)).toBe(hash(demo));
  });

  it("gives different output for another seed or another day", async () => {
    expect(hash(await generateSeed({ seed: 43, now: NOW }))).not.toBe(hash(demo));
    expect(hash(await generateSeed({ seed: 42, now: new Date(NOW.getTime() + DAY) }))).not.toBe(hash(demo));
  });
});

/** Invariants from docs/domain.md and docs/domain.md that every generated data set must satisfy. */
function checkInvariants(data: SeedData) {
  const now = NOW.getTime();

  // Titles, prices.
  for (const gig of data.gigs) {
    expect(gig.title.length).toBeLessThanOrEqual(TITLE_MAX);
    // The price as set, within its currency's bounds (docs/domain.md), and its USD sort figure positive.
    expect(priceBoundBreach({ amountMinor: gig.listPriceMinor ?? 0, currency: gig.baseCurrency ?? "USD" })).toBeNull();
    expect(gig.priceMinor).toBeGreaterThan(0);
    expect(gig.priceMinor).toBeLessThanOrEqual(6000);
  }
  for (const live of data.liveSessions) {
    expect(live.title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(
      priceBoundBreach({ amountMinor: live.listPriceMinor ?? 0, currency: live.baseCurrency ?? "USD" }),
    ).toBeNull();
  }

  // Slots: bookable ones within the next 30 days, history within the previous 30.
  for (const slot of data.slots) {
    const start = slot.startsAt.getTime();
    expect(start).toBeGreaterThanOrEqual(now - HISTORY_DAYS * DAY);
    expect(start).toBeLessThan(now + BOOKABLE_DAYS * DAY);
  }

  // Seats taken (held or confirmed, and the played ones) never exceed a slot's seats.
  const seats = new Map(data.slots.map((slot) => [slot.id, slot.seats]));
  const taken = new Map<string, number>();
  for (const booking of data.bookings) {
    if (["held", "confirmed", "completed", "no_show"].includes(booking.status ?? "held")) {
      taken.set(booking.slotId, (taken.get(booking.slotId) ?? 0) + booking.seats);
    }
  }
  for (const [slotId, count] of taken) expect(count).toBeLessThanOrEqual(seats.get(slotId) ?? 0);

  // Paid orders: exactly one booking (slots) or queue place (VIP); confirmed bookings have a paid order.
  const bookingsByOrder = new Map<string, number>();
  for (const booking of data.bookings)
    bookingsByOrder.set(booking.orderId, (bookingsByOrder.get(booking.orderId) ?? 0) + 1);
  const placesByOrder = new Map<string, number>();
  for (const entry of data.queueEntries) {
    if (entry.orderId) placesByOrder.set(entry.orderId, (placesByOrder.get(entry.orderId) ?? 0) + 1);
  }
  const orders = new Map(data.orders.map((order) => [order.id, order]));
  for (const order of data.orders) {
    if (order.status !== "paid" && order.status !== "partially_refunded") continue;
    if (order.kind === "slot_booking") expect(bookingsByOrder.get(order.id), order.id).toBe(1);
    if (order.kind === "vip_queue") expect(placesByOrder.get(order.id), order.id).toBe(1);
    if (order.kind === "wallet_topup") {
      expect(data.walletEntries.filter((entry) => entry.orderId === order.id && entry.kind === "topup")).toHaveLength(
        1,
      );
    }
  }
  for (const booking of data.bookings) {
    if (booking.status === "confirmed") expect(orders.get(booking.orderId)?.status).toBe("paid");
  }

  // Wallet balances never go below zero, replayed in time order.
  const entries = [...data.walletEntries].sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  const balance = new Map<string, number>();
  for (const entry of entries) {
    const next = (balance.get(entry.userId) ?? 0) + entry.amountMinor;
    expect(next, entry.id).toBeGreaterThanOrEqual(0);
    balance.set(entry.userId, next);
  }

  // Payouts: an order is in at most one non-removed payout, and only validated paid orders are paid out.
  const activePayoutOrders = data.payoutOrders.filter((row) => row.active !== false).map((row) => row.orderId);
  expect(new Set(activePayoutOrders).size).toBe(activePayoutOrders.length);
  for (const row of data.payoutOrders) {
    const order = orders.get(row.orderId);
    expect(order?.status).toBe("paid");
    expect(order?.validatedAt).toBeTruthy();
  }
  const verified = new Set(data.streamerProfiles.filter((p) => p.isVerified).map((p) => p.userId));
  for (const payout of data.payouts) expect(verified.has(payout.streamerId)).toBe(true);

  // Live: one open session per streamer, and exactly the open ones are pointed at by users.
  const open = data.liveSessions.filter((live) => !live.endedAt);
  expect(new Set(open.map((live) => live.streamerId)).size).toBe(open.length);
  const pointed = data.users.filter((user) => user.liveSessionId).map((user) => user.liveSessionId);
  expect(new Set(pointed)).toEqual(new Set(open.map((live) => live.id)));

  // Usernames and emails are unique (case-insensitively for usernames).
  const usernames = data.users.map((user) => user.username.toLowerCase());
  expect(new Set(usernames).size).toBe(usernames.length);
  const emails = data.users.flatMap((user) => (user.email ? [user.email] : []));
  expect(new Set(emails).size).toBe(emails.length);
}

describe("the demo data set", () => {
  it("has the expected size", () => {
    const fans = demo.users.filter((user) => user.role === "user" && !user.isStreamer);
    expect(fans).toHaveLength(200);
    expect(demo.streamerProfiles.length).toBeGreaterThanOrEqual(40);
    expect(demo.gigs.length).toBeGreaterThanOrEqual(150);
    expect(demo.games).toHaveLength(12);
    expect(demo.platforms.map((p) => p.platformName)).toEqual([
      "PlayStation",
      "Nintendo Switch",
      "XBOX",
      "PC",
      "Android",
      "iOS",
    ]);
    expect(demo.banners.length).toBeGreaterThanOrEqual(3);
    expect(demo.faqs.length).toBeGreaterThanOrEqual(8);
    expect(demo.legalDocuments.map((doc) => doc.type).sort()).toEqual([
      "mainPrivacyPolicy",
      "mainTermsAndConditions",
      "vipQueueTermsAndConditions",
    ]);
    expect(demo.liveSessions.filter((live) => !live.endedAt).length).toBeGreaterThanOrEqual(3);
    expect(demo.gigs.some((gig) => gig.archivedAt)).toBe(true);
    expect(demo.gigs.some((gig) => gig.description && gig.description.length > 300)).toBe(true);
    expect(demo.exchangeRates[0]).toMatchObject({ base: "USD", quote: "INR", rateMicros: 84_100_000 });
  });

  it("has several bookable slots over the next 30 days for every active gig", () => {
    const now = NOW.getTime();
    for (const gig of demo.gigs.filter((p) => !p.archivedAt)) {
      const upcoming = demo.slots.filter((slot) => slot.gigId === gig.id && slot.startsAt.getTime() >= now);
      expect(upcoming.length, gig.id).toBeGreaterThanOrEqual(2);
    }
  });

  it("satisfies the domain invariants", () => checkInvariants(demo));

  it("has one demo account per role, with a working password", async () => {
    expect(DEMO_ACCOUNTS.map((account) => account.key)).toEqual([
      "fan",
      "influencer",
      "admin",
      "developer",
      "marketing",
      "finance",
    ]);
    for (const account of DEMO_ACCOUNTS) {
      const user = demo.users.find((u) => u.email === account.email);
      expect(user, account.email).toMatchObject({
        id: demoUserId(account.key),
        role: account.role,
        isStreamer: account.isStreamer,
        isActive: true,
      });
      expect(user?.emailVerifiedAt).toBeTruthy();
      const credential = demo.credentials.find((c) => c.userId === user?.id);
      expect(credential && (await verifyPassword(account.password, credential.passwordHash))).toBe(true);
    }
    expect(demo.credentials).toHaveLength(DEMO_ACCOUNTS.length);
    const streamer = demoUserId("influencer");
    expect(demo.gigs.filter((p) => p.streamerId === streamer).length).toBeGreaterThanOrEqual(5);
    expect(demo.bankDetails.find((b) => b.userId === streamer)?.isVerified).toBe(true);
    expect(
      demo.payouts
        .filter((p) => p.streamerId === streamer)
        .map((p) => p.status)
        .sort(),
    ).toContain("completed");
    const fan = demoUserId("fan");
    expect(demo.bookings.filter((b) => b.userId === fan && b.status === "confirmed").length).toBeGreaterThanOrEqual(3);
    expect(demo.queueEntries.some((q) => q.userId === fan && q.state === "waiting")).toBe(true);
  });

  it("keeps the about-us and cancellation-policy prose in configurations", () => {
    const keys = demo.configurations.map((c) => c.key);
    expect(keys).toEqual(
      expect.arrayContaining(["about_us", "cancellation_policy", "website_password_enabled", "platform_fees"]),
    );
  });
});

describe("the scale data set", () => {
  it("scales influencers with gigs and keeps the invariants", () => {
    expect(scaled.gigs).toHaveLength(4000);
    expect(scaled.streamerProfiles).toHaveLength(1000);
    expect(scaled.users.filter((user) => user.role === "user" && !user.isStreamer)).toHaveLength(3000);
    checkInvariants(scaled);
  });
});

describe("the SQL rendering", () => {
  it("loads into a migrated database with every constraint and foreign key satisfied", () => {
    for (const data of [demo, scaled]) {
      const db = openMigratedDatabase();
      db.exec(renderSeedSql(data));
      expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
      for (const [table, count] of seedCounts(data)) {
        expect((db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n, table).toBe(count);
      }
      const live = db.prepare("SELECT count(*) AS n FROM users WHERE is_live").get() as { n: number };
      expect(live.n).toBe(data.liveSessions.filter((l) => !l.endedAt).length);
      db.exec(renderResetSql());
      for (const [table] of seedCounts(data)) {
        expect((db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n, table).toBe(0);
      }
      db.close();
    }
  });

  it("writes literals only, in statements under D1's 100 KB limit", () => {
    const sql = renderSeedSql(demo);
    expect(sql).toContain('INSERT INTO "products"');
    expect(sql).toMatch(/UPDATE "users" SET "live_session_id" = 'liv_\d+' WHERE "id" = 'usr_\d+';/);
    for (const statement of sql.split(";\n")) expect(Buffer.byteLength(statement)).toBeLessThan(100_000);
    expect(renderSeedSql(demo)).toBe(sql);
  });
});

describe("the README's promo code for the demo fan", () => {
  it("WELCOME10 is still unused by the demo fan, so it works when tried as them", () => {
    const welcome = demo.promoCodes.find((code) => code.code === "WELCOME10");
    expect(welcome).toBeTruthy();
    const used = demo.promoRedemptions.filter(
      (redemption) => redemption.promoCodeId === welcome?.id && redemption.userId === demoUserId("fan"),
    );
    expect(used).toEqual([]);
  });
});

describe("the demo accounts' session pack", () => {
  it("is on offer on the demo streamer's gig, cheaper than its sessions one by one, and the demo fan holds its credits", () => {
    const [offer] = demo.packOffers;
    const gig = demo.gigs.find((row) => row.id === offer?.gigId);
    expect(gig?.streamerId).toBe(demoUserId("influencer"));
    expect(offer?.listPriceMinor).toBeLessThan((gig?.listPriceMinor ?? 0) * (offer?.sessions ?? 0));
    const [pack] = demo.packPurchases;
    expect(pack).toMatchObject({
      userId: demoUserId("fan"),
      gigId: gig?.id,
      status: "paid",
      currency: gig?.baseCurrency,
    });
    const credits = demo.packCreditEntries
      .filter((entry) => entry.packId === pack?.id)
      .reduce((sum, entry) => sum + (entry.credits ?? 0), 0);
    expect(credits).toBe(offer?.sessions);
    expect(pack?.expiresAt?.getTime() ?? 0).toBeGreaterThan(NOW.getTime());
  });
});

describe("the demo accounts' VIP pass", () => {
  it("is on offer from the demo streamer, and the demo fan holds its places until after today", () => {
    const [offer] = demo.passOffers;
    expect(offer?.streamerId).toBe(demoUserId("influencer"));
    const [pass] = demo.passPurchases;
    expect(pass).toMatchObject({ userId: demoUserId("fan"), streamerId: demoUserId("influencer"), status: "paid" });
    const uses = demo.passEntries
      .filter((entry) => entry.passId === pass?.id)
      .reduce((sum, entry) => sum + (entry.uses ?? 0), 0);
    expect(uses).toBe(offer?.places);
    expect(pass?.expiresAt?.getTime() ?? 0).toBeGreaterThan(NOW.getTime());
  });
});
