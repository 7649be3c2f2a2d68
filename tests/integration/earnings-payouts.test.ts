import { env } from "cloudflare:workers";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { cancelBooking } from "~/features/booking/cancel.server";
import { earningsTotals } from "~/features/earnings/earnings.server";
import { streamerBalance } from "~/features/payouts/balance.server";
import { ordersForValidation } from "~/features/payouts/validations.server";
import { createBooking, createSlot, moveSlot, viewerOf } from "../factories";
import { callJson, days, paidOrder, payoutWorld, staffUser } from "./admin-world";

const DAY = 86_400_000;
const balanced = (b: Awaited<ReturnType<typeof streamerBalance>>) => b.paidOut + b.inPayouts + b.payable + b.toValidate;

async function payOut(cookie: string, influencerId: string, orderIds: string[]) {
  const [created, body] = await callJson(cookie, "/api/admin/create-payout", {
    influencerId,
    startTime: days(-40).toISOString(),
    endTime: days(1).toISOString(),
    mergedOrders: orderIds,
  });
  expect(created, JSON.stringify(body)).toBe(200);
  const payoutId = body.payoutId as string;
  expect((await callJson(cookie, "/api/admin/activate-payout", { payoutId }))[0]).toBe(200);
  const [done, doneBody] = await callJson(cookie, "/api/admin/mark-payout-complete", { payoutIds: [payoutId] });
  expect(done, JSON.stringify(doneBody)).toBe(200);
  return { payoutId, gross: (body.payout as { grossMinor: number }).grossMinor, done: doneBody };
}

describe("earnings equal payouts plus what remains", () => {
  it("a late cancellation's kept half is validated and paid out at its net, and every minor unit is accounted for", async () => {
    const world = await payoutWorld(2000);
    const finance = await staffUser("finance");
    const admin = await staffUser("admin");
    // A session 10 hours away, cancelled by the fan now: the policy keeps half (partial tier).
    const startsAt = new Date(Date.now() + 10 * 3_600_000);
    const slot = await createSlot(env.DB, world.streamer.id, world.gig.id, startsAt);
    const booking = await createBooking(
      env.DB,
      { id: slot.id, influencerId: world.streamer.id },
      world.fan.id,
      "confirmed",
      1,
      null,
      { amountMinor: 7200 },
    );
    const outcome = await cancelBooking(env, viewerOf(world.fan as never), booking.id);
    expect(outcome).toMatchObject({ tier: "partial", refundedMinor: 3600 });

    const other = await paidOrder(world, 5000, { validated: false });
    let balance = await streamerBalance(env, viewerOf(world.streamer), world.streamer.id);
    expect(balance).toMatchObject({ earned: 3600 + 5000, toValidate: 3600 + 5000, payable: 0, paidOut: 0 });
    const earnings = await earningsTotals(env, viewerOf(world.streamer), world.streamer.id);
    expect(earnings.windows.find((w) => w.days === 30)?.grossMinor).toBe(8600);

    // Staff see it for validation once its time has come, validate both, and pay both out at their net.
    const later = new Date(startsAt.getTime() + DAY);
    const listed = await ordersForValidation(env, viewerOf(admin.user), world.streamer.id, later);
    expect(listed.map((o) => o.id).sort()).toEqual([booking.orderId, other].sort());
    await moveSlot(env.DB, slot.id, new Date(Date.now() - DAY), new Date(Date.now() - DAY + 3_600_000));
    const [validated, validatedBody] = await callJson(
      finance.cookie,
      `/api/admin/influencer-played-validation/${world.streamer.id}`,
      { orderIdArray: [booking.orderId, other] },
    );
    expect(validated, JSON.stringify(validatedBody)).toBe(200);
    balance = await streamerBalance(env, viewerOf(world.streamer), world.streamer.id);
    expect(balance).toMatchObject({ earned: 8600, payable: 8600, toValidate: 0 });
    const { gross } = await payOut(finance.cookie, world.streamer.id, [booking.orderId, other]);
    expect(gross).toBe(8600);
    balance = await streamerBalance(env, viewerOf(world.streamer), world.streamer.id);
    expect(balance).toMatchObject({ earned: 8600, paidOut: 8600, payable: 0, inPayouts: 0, toValidate: 0 });
    // The streamer hears of it.
    const note = await env.DB.prepare(
      "SELECT title FROM notifications WHERE user_id = ? AND title LIKE 'Payout completed%'",
    )
      .bind(world.streamer.id)
      .first<{ title: string }>();
    // gross 86.00; fee 17.20; its tax 3.10; indirect tax 15.48; TDS 0.09: net 50.13.
    expect(note?.title).toContain("$50.13");
  });

  it("a payout of 250 orders generates, completes and exports", async () => {
    const world = await payoutWorld(2000);
    const finance = await staffUser("finance");
    const ids: string[] = [];
    for (let i = 0; i < 250; i++) ids.push(await paidOrder(world, 1000 + i, { daysAgo: 2 + (i % 20) }));
    const { payoutId, gross, done } = await payOut(finance.cookie, world.streamer.id, ids);
    expect(gross).toBe(250 * 1000 + (249 * 250) / 2);
    const sheet = (done.spreadsheets as { payoutId: string; url?: string; error?: string }[])[0];
    expect(sheet).toMatchObject({ payoutId });
    expect(sheet?.error).toBeUndefined();
    const key = (
      await env.DB.prepare("SELECT spreadsheet_key AS k FROM payouts WHERE id = ?")
        .bind(payoutId)
        .first<{ k: string }>()
    )?.k;
    const file = await env.PRIVATE_FILES.get(key ?? "");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (file as R2ObjectBody).arrayBuffer());
    const rows = book.worksheets.map((sheetOf) => sheetOf.rowCount);
    expect(Math.max(...rows)).toBeGreaterThanOrEqual(250);
    const balance = await streamerBalance(env, viewerOf(world.streamer), world.streamer.id);
    expect(balance.paidOut).toBe(gross);
    expect(balance.earned).toBe(balanced(balance));
  }, 120_000);
});
