import { env } from "cloudflare:workers";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { listAuditLog } from "~/features/audit/audit.server";
import { STATEMENT_SHEETS } from "~/features/payouts/statement.server";
import { updateStreamerProfile } from "../factories";
import { days, paidOrder, payoutWorld, staffUser } from "./admin-world";
import { Client } from "./client";

type Json = Record<string, unknown> & { success: boolean; message?: string };

async function call(client: Client, cookie: string, path: string, body?: unknown): Promise<[number, Json]> {
  const response =
    body === undefined
      ? await client.get(path, { Cookie: cookie })
      : await client.postJson(path, body, { Cookie: cookie });
  const text = await response.text();
  try {
    return [response.status, JSON.parse(text) as Json];
  } catch {
    throw new Error(`${path} answered ${response.status}: ${text.slice(0, 200)}`);
  }
}

const period = () => ({ startTime: days(-20).toISOString(), endTime: days(0).toISOString() });

/** Five payable orders of the period (one partly refunded), one not validated and one outside the period. */
async function ordersOfThePeriod(world: Awaited<ReturnType<typeof payoutWorld>>) {
  const a = await paidOrder(world, 5_000);
  const b = await paidOrder(world, 3_000);
  const c = await paidOrder(world, 12_345);
  const d = await paidOrder(world, 1_000);
  await paidOrder(world, 7_000, { validated: false }); // not validated: not payable
  // Partly refunded (the fan cancelled late and the policy kept the rest): an earning order, payable at its net.
  const e = await paidOrder(world, 4_000, { refunded: 1_000 });
  await paidOrder(world, 9_000, { daysAgo: 40 }); // outside the period
  return { a, b, c, d, e };
}

/** Staff's list of a streamer's orders payable in the period. */
function remainingOrders(client: Client, cookie: string, streamerId: string) {
  const { startTime, endTime } = period();
  return call(
    client,
    cookie,
    `/api/admin/remaining-orders/${streamerId}?startTime=${encodeURIComponent(startTime)}&endTime=${encodeURIComponent(endTime)}`,
  );
}

/** Staff's draft payout of a streamer's orders over the period. */
function createPayout(client: Client, cookie: string, influencerId: string, mergedOrders: string[]) {
  return call(client, cookie, "/api/admin/create-payout", { influencerId, ...period(), mergedOrders });
}

/** A payout's spreadsheet as finance downloads it: its summary rows (label -> amount) and its orders' amounts. */
async function downloadStatement(client: Client, cookie: string, payoutId: string) {
  const download = await client.get(`/admin/payout/statement/${payoutId}`, { Cookie: cookie });
  expect(download.status).toBe(200);
  expect(download.headers.get("Content-Type")).toContain("spreadsheetml");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await download.arrayBuffer());
  const summary = new Map<string, unknown>();
  workbook
    .getWorksheet(STATEMENT_SHEETS.summary)
    ?.eachRow((row) => summary.set(String(row.getCell(1).value), row.getCell(3).value));
  const orderAmounts: number[] = [];
  workbook.getWorksheet(STATEMENT_SHEETS.orders)?.eachRow((row, n) => {
    if (n > 1) orderAmounts.push(Number(row.getCell(6).value));
  });
  return { summary, orderAmounts: orderAmounts.sort((x, y) => x - y) };
}

/** The audit log's actions on a payout, sorted. */
async function auditedActions(payoutId: string) {
  const admin = await staffUser("admin");
  const log = await listAuditLog(env, admin.viewer, { page: 1, limit: 20, entity: "payout", entityId: payoutId });
  return log.entries.map((entry) => entry.action).sort();
}

describe("payouts: remaining orders, draft, edit, activate, complete, spreadsheet", () => {
  it("settles exactly the hand-computed amounts and keeps an order in one payout", async () => {
    const world = await payoutWorld(2000);
    const finance = await staffUser("finance");
    const client = new Client();
    const { a, b, c, d, e } = await ordersOfThePeriod(world);

    const [status, remaining] = await remainingOrders(client, finance.cookie, world.streamer.id);
    expect(status).toBe(200);
    const ids = (remaining.orders as { _id: string }[]).map((o) => o._id).sort();
    expect(ids).toEqual([a, b, c, d, e].sort());
    expect((remaining.orders as { _id: string; amount: number }[]).find((o) => o._id === e)).toBeTruthy();
    expect(remaining).toMatchObject({ platformFeesPercentage: 20, indirectTaxPercentage: 18, tdsPercentage: 0.1 });

    // gross 203.45; fee 20% 40.69; its tax 18% 7.3242 -> 7.32; indirect tax 18% 36.621 -> 36.62;
    // TDS 0.1% 0.20345 -> 0.20; net 203.45 - 40.69 - 7.32 - 36.62 - 0.20 = 118.62.
    const [created, body] = await createPayout(client, finance.cookie, world.streamer.id, [a, b, c]);
    expect(created).toBe(200);
    expect(body.payout).toMatchObject({
      grossMinor: 20_345,
      platformFeeMinor: 4_069,
      platformFeeIndirectTaxMinor: 732,
      indirectTaxMinor: 3_662,
      tdsMinor: 20,
      netMinor: 11_862,
    });
    const payoutId = body.payoutId as string;

    // The same order cannot be merged into a second payout.
    const [twice, refused] = await createPayout(client, finance.cookie, world.streamer.id, [a, d]);
    expect(twice).toBe(409);
    expect(refused.success).toBe(false);

    // Edit: c out, d in; TDS 1% for this payout. gross 90.00; fee 18.00; its tax 3.24; indirect 16.20;
    // TDS 0.90; net 90.00 - 18.00 - 3.24 - 16.20 - 0.90 = 51.66.
    const [edited, editBody] = await call(client, finance.cookie, "/api/admin/edit-payout", {
      editingPayoutId: payoutId,
      newMergedOrders: [a, b, d],
      tdsPercentage: 1,
    });
    expect(edited).toBe(200);
    expect(editBody.payout).toMatchObject({
      grossMinor: 9_000,
      platformFeeMinor: 1_800,
      tdsMinor: 90,
      netMinor: 5_166,
    });
    // c is payable again.
    const [, after] = await remainingOrders(client, finance.cookie, world.streamer.id);
    expect((after.orders as { _id: string }[]).map((o) => o._id).sort()).toEqual([c, e].sort());

    // Completing a draft is refused; activate, then complete.
    const [early] = await call(client, finance.cookie, "/api/admin/mark-payout-complete", { payoutIds: [payoutId] });
    expect(early).toBe(409);
    expect((await call(client, finance.cookie, "/api/admin/activate-payout", { payoutId }))[0]).toBe(200);
    const [editActive] = await call(client, finance.cookie, "/api/admin/edit-payout", {
      editingPayoutId: payoutId,
      newMergedOrders: [a],
    });
    expect(editActive).toBe(409);
    const [done, doneBody] = await call(client, finance.cookie, "/api/admin/mark-payout-complete", {
      payoutIds: [payoutId],
    });
    expect(done).toBe(200);
    expect(doneBody.spreadsheets).toMatchObject([{ payoutId }]);

    const [, history] = await call(client, finance.cookie, `/api/admin/payout-history/${world.streamer.id}`);
    expect(history.payouts).toMatchObject([{ _id: payoutId, status: "completed", net: 5_166, spreadsheet: true }]);

    // The spreadsheet, downloaded by finance, parses back with the payout's own figures.
    const statement = await downloadStatement(client, finance.cookie, payoutId);
    expect([statement.summary.get("Gross (paid orders)"), statement.summary.get("TDS")]).toEqual([90, -0.9]);
    expect(statement.summary.get("Net payable")).toBe(51.66);
    expect(statement.orderAmounts).toEqual([10, 30, 50]);

    // Every change is in the audit log.
    expect(await auditedActions(payoutId)).toEqual(
      ["payout.activate", "payout.complete", "payout.create", "payout.edit", "payout.statement"].sort(),
    );
  });

  it("a removed payout reads as removed: no totals to pay, the orders it held back in the payable list", async () => {
    // The probe's leftover: a removed payout read "Gross (0 orders) ₹597, Net payable ₹348.05".
    const world = await payoutWorld();
    const finance = await staffUser("finance");
    const client = new Client();
    const orders = [await paidOrder(world, 2_500), await paidOrder(world, 1_500)];
    const [, body] = await createPayout(client, finance.cookie, world.streamer.id, orders);
    const payoutId = body.payoutId as string;
    expect((await call(client, finance.cookie, "/api/admin/remove-payout", { payoutId }))[0]).toBe(200);

    const page = await client.get(`/admin/payout/influencer/${world.streamer.id}`, { Cookie: finance.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain(`data-testid="totals-${payoutId}"`);
    const item = html.slice(html.indexOf(`data-testid="removed-${payoutId}"`));
    expect(item).toContain("Removed");
    expect(item).toContain("Nothing was paid: its 2 orders went back to the payable list.");

    const [, history] = await call(client, finance.cookie, `/api/admin/payout-history/${world.streamer.id}`);
    const removed = (history.payouts as Record<string, unknown>[]).find((p) => p._id === payoutId);
    expect(removed).toMatchObject({ status: "removed", mergedOrders: 2, removedAt: expect.any(String) });
  });

  it("removes a draft (its orders become payable again) and refuses unverified streamers", async () => {
    const world = await payoutWorld();
    const finance = await staffUser("finance");
    const client = new Client();
    const a = await paidOrder(world, 2_500);
    const [, body] = await createPayout(client, finance.cookie, world.streamer.id, [a]);
    const payoutId = body.payoutId as string;
    expect((await call(client, finance.cookie, "/api/admin/remove-payout", { payoutId }))[0]).toBe(200);
    expect((await call(client, finance.cookie, "/api/admin/remove-payout", { payoutId }))[0]).toBe(409);
    const [again] = await createPayout(client, finance.cookie, world.streamer.id, [a]);
    expect(again).toBe(200);

    const unverified = await payoutWorld();
    await updateStreamerProfile(env.DB, unverified.streamer.id, { isVerified: false, verifiedAt: null });
    const o = await paidOrder(unverified, 1_000);
    const [refused, refusal] = await createPayout(client, finance.cookie, unverified.streamer.id, [o]);
    expect(refused).toBe(409);
    expect(refusal.message).toMatch(/not verified/);
  });

  it("answers 401 to nobody and 403 to roles without payouts", async () => {
    const world = await payoutWorld();
    const a = await paidOrder(world, 2_500);
    const client = new Client();
    const payload = { influencerId: world.streamer.id, ...period(), mergedOrders: [a] };
    expect((await client.postJson("/api/admin/create-payout", payload)).status).toBe(401);
    for (const role of ["marketing", "developer"] as const) {
      const staff = await staffUser(role);
      expect((await call(client, staff.cookie, "/api/admin/create-payout", payload))[0]).toBe(403);
      expect((await call(client, staff.cookie, `/api/admin/payout-history/${world.streamer.id}`))[0]).toBe(403);
    }
    const inactive = await staffUser("finance", { isActive: false });
    expect((await call(client, inactive.cookie, "/api/admin/create-payout", payload))[0]).toBe(403);
  });
});

describe("validations: the streamer played these sessions", () => {
  it("marks paid orders in the window played, in bulk, all or nothing", async () => {
    const world = await payoutWorld();
    const other = await payoutWorld();
    const finance = await staffUser("finance");
    const client = new Client();
    const recent = await paidOrder(world, 1_500, { validated: false, daysAgo: 2 });
    const older = await paidOrder(world, 1_500, { validated: false, daysAgo: 10 });
    await paidOrder(world, 1_500, { validated: false, daysAgo: 30 }); // outside ~25 days
    const foreign = await paidOrder(other, 1_500, { validated: false, daysAgo: 2 });

    const [, list] = await call(client, finance.cookie, `/api/admin/orders-for-validations/${world.streamer.id}`);
    expect((list.orders as { _id: string }[]).map((o) => o._id)).toEqual([older, recent]);

    const [bad, badBody] = await call(
      client,
      finance.cookie,
      `/api/admin/influencer-played-validation/${world.streamer.id}`,
      {
        orderIdArray: [recent, foreign],
      },
    );
    expect(bad).toBe(400);
    expect(badBody.message).toBe("Error saving validations orders");

    const [ok] = await call(client, finance.cookie, `/api/admin/influencer-played-validation/${world.streamer.id}`, {
      orderIdArray: [recent, older],
    });
    expect(ok).toBe(200);
    const [, remaining] = await remainingOrders(client, finance.cookie, world.streamer.id);
    expect((remaining.orders as { _id: string }[]).map((o) => o._id).sort()).toEqual([recent, older].sort());
    const booking = await env.DB.prepare("SELECT status FROM bookings WHERE order_id = ?").bind(recent).first();
    expect(booking?.status).toBe("completed");

    const marketing = await staffUser("marketing");
    expect(
      (
        await call(client, marketing.cookie, `/api/admin/influencer-played-validation/${world.streamer.id}`, {
          orderIdArray: [recent],
        })
      )[0],
    ).toBe(403);
  });
});

describe("the payout and validation pages (forms that work without JavaScript)", () => {
  it("validates, creates, activates and completes through plain form posts", async () => {
    const world = await payoutWorld();
    const finance = await staffUser("finance");
    const client = new Client();
    const headers = { Cookie: finance.cookie };
    const open = await paidOrder(world, 2_000, { validated: false, daysAgo: 2 });
    const validationsPath = `/admin/validations/influencer-game-playing-validations/${world.streamer.id}`;
    const page = await client.get(validationsPath, headers);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Played: order ${open}`);
    const empty = await client.post(validationsPath, { intent: "validate" }, headers);
    expect(empty.status).toBe(400);
    const validated = await client.post(validationsPath, { intent: "validate", orderIdArray: open }, headers);
    expect(validated.status).toBe(302);

    const path = `/admin/payout/influencer/${world.streamer.id}`;
    const payoutsPage = await (await client.get(path, headers)).text();
    expect(payoutsPage).toContain(`Merge order ${open}`);
    const form = new URLSearchParams({
      intent: "create",
      influencerId: world.streamer.id,
      startTime: days(-30).toISOString().slice(0, 10),
      endTime: days(0).toISOString().slice(0, 10),
      mergedOrders: open,
      platformFeesPercentage: "20",
      platformFeesIndirectTaxPercentage: "18",
      indirectTaxPercentage: "18",
      tdsPercentage: "0.1",
    });
    const created = await client.post(path, Object.fromEntries(form), headers);
    expect(created.status).toBe(302);
    const [, active] = await call(client, finance.cookie, `/api/admin/active-payouts/${world.streamer.id}`);
    const payoutId = (active.payouts as { _id: string }[])[0]?._id ?? "";
    expect((await client.post(path, { intent: "activate", payoutId }, headers)).status).toBe(302);
    expect((await client.post(path, { intent: "complete", payoutIds: payoutId }, headers)).status).toBe(302);
    const history = await (await client.get(path, headers)).text();
    expect(history).toContain(`/admin/payout/statement/${payoutId}`);

    const marketing = await staffUser("marketing");
    expect((await client.get(path, { Cookie: marketing.cookie })).status).toBe(403);
    expect((await client.get(`/admin/payout/statement/${payoutId}`, { Cookie: marketing.cookie })).status).toBe(403);
  });
});
