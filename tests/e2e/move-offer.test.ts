import { afterAll, describe, expect, it } from "vitest";
import { MOVE_OFFER_YES, moveOfferQuestion } from "~/features/slots/move-question";
import { currentMonth } from "~/features/time";
import { createSlot, offerMove, setUserTimeZone } from "../factories";
import { baseURL, setupBrowser } from "./browser";
import { e2eD1, queryE2E } from "./db";
import { DEMO_STAR } from "./demo-fan";
import { demoGigId, demoSlot, paidDemoBooking } from "./demo-rows";
import { freshFan, sessionsFor } from "./staff";

/**
 * A fan on a 390 px phone takes the new time their streamer offered: the order shows the waiting offer, its page the
 * two choices as a plain form, and "Move to the new time" moves the booking. The offer is made by the factories
 * as the streamer's offer leaves it (the old slot closed, one `offered` row); the slots made are removed after.
 * And the streamer's side: "Offer another time" asks first (a dialog, or the confirmation step without JavaScript)
 * and "Withdraw the offer" takes it back.
 */
const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
const DAY = 86_400_000;
const slotIds: string[] = [];
const fanIds: string[] = [];

afterAll(() => {
  if (slotIds.length === 0) return;
  const slots = slotIds.map((id) => `'${id}'`).join(", ");
  queryE2E(
    `DELETE FROM move_offers WHERE from_slot_id IN (${slots});
     DELETE FROM booking_reminders WHERE booking_id IN (SELECT id FROM bookings WHERE slot_id IN (${slots}));
     DELETE FROM booking_gamertags WHERE booking_id IN (SELECT id FROM bookings WHERE slot_id IN (${slots}));
     DELETE FROM bookings WHERE slot_id IN (${slots});
     DELETE FROM orders WHERE user_id IN (${fanIds.map((id) => `'${id}'`).join(", ")});
     DELETE FROM slots WHERE id IN (${slots});`,
  );
});

/** A fan in Kolkata whose booking's slot the streamer cancelled, with a waiting offer of a new slot two days later. */
async function offeredBooking() {
  const fan = await freshFan("moveoffer");
  fanIds.push(fan.id);
  await setUserTimeZone(e2eD1, fan.id, "Asia/Kolkata");
  const jitter = Math.floor(Math.random() * 86_400) * 1000;
  const from = await createSlot(e2eD1, DEMO_STAR, demoGigId(), new Date(Date.now() + 6 * DAY + jitter), {
    seats: 2,
    status: "cancelled",
  });
  const to = await demoSlot(Date.now() + 8 * DAY + jitter, 2);
  slotIds.push(from.id, to.slotId);
  const booking = await paidDemoBooking(from.id, fan.id, 40_000);
  await offerMove(
    e2eD1,
    { ...booking, userId: fan.id, seats: 1 },
    { from: from.id, to: to.slotId },
    new Date(Date.now() + 2 * DAY),
  );
  return { fan, booking, toSlotId: to.slotId };
}

describe.each([true, false])("a fan takes the streamer's new time on a phone (JavaScript %s)", (javaScript) => {
  it("shows the offer on the order and moves the booking from the offer's page", async () => {
    const { fan, booking, toSlotId } = await offeredBooking();
    const context = await browser.context({ javaScript });
    await context.addCookies([{ ...fan.cookie, url: baseURL() }]);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`/profile/orders/${booking.orderId}`);
    const offer = page.getByTestId("move-offer");
    await offer.getByText("can't make this time").waitFor();
    await offer.getByRole("link", { name: "Move or get a full refund" }).click();
    await page.getByRole("heading", { name: "A new time for your session" }).waitFor();
    // The times in the fan's saved zone.
    expect(await page.getByTestId("move-offer").textContent()).toContain("India Standard Time");
    const move = page.getByRole("button", { name: "Move to the new time" });
    const box = await move.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await move.click();
    await page.getByText("Your booking was moved to the new time").first().waitFor();
    await expect
      .poll(
        () =>
          queryE2E<{ slot_id: string }>(`SELECT slot_id FROM bookings WHERE id = '${booking.id}'`)[0]?.slot_id ?? "",
      )
      .toBe(toSlotId);
    expect(
      queryE2E<{ state: string }>(`SELECT state FROM move_offers WHERE booking_id = '${booking.id}'`)[0]?.state,
    ).toBe("moved");
    await context.close();
  });
});

describe.each([true, false])(
  "a streamer offers another time on a phone, then withdraws it (JavaScript %s)",
  (javaScript) => {
    it("asks first, naming the fans and both times, and the withdrawal reopens the slot", async () => {
      const fan = await freshFan("moveask");
      fanIds.push(fan.id);
      const jitter = Math.floor(Math.random() * 86_400) * 1000;
      const from = await demoSlot(Date.now() + 5 * DAY + jitter, 2);
      const to = await demoSlot(Date.now() + 9 * DAY + jitter, 2);
      slotIds.push(from.slotId, to.slotId);
      await paidDemoBooking(from.slotId, fan.id, 40_000);
      const [streamer] = await sessionsFor([DEMO_STAR]);
      if (!streamer) throw new Error("no session");
      const context = await browser.context({ javaScript, timezoneId: "UTC" });
      await context.addCookies([{ ...streamer, url: baseURL() }]);
      const page = await context.newPage();
      await page.setViewportSize(PHONE);
      // The calendar reads in the streamer's saved zone.
      const zone =
        queryE2E<{ zone: string | null }>(`SELECT time_zone AS zone FROM users WHERE id = '${DEMO_STAR}'`)[0]?.zone ??
        "UTC";
      const [fromRow, toRow] = queryE2E<{ starts: number }>(
        `SELECT starts_at AS starts FROM slots WHERE id IN ('${from.slotId}', '${to.slotId}') ORDER BY starts_at`,
      );
      const starts = new Date(fromRow?.starts ?? 0);
      const { month, year } = currentMonth(starts, zone);
      await page.goto(`/influencer/calendar-dashboard?month=${month}&year=${year}`);
      const card = page.locator(`#slot-${from.slotId}`);
      await card.locator("summary").click();
      await card.locator('select[name="toSlotId"]').selectOption(to.slotId);
      await card.getByRole("button", { name: "Offer another time" }).click();
      const question = moveOfferQuestion({ fans: 1, from: starts, to: new Date(toRow?.starts ?? 0) }, zone).split(
        "?",
      )[0];
      expect(question).toMatch(/^Move 1 fan from \w{3} \d{1,2} \w{3}, \d\d:\d\d \S+ to /);
      const asking = javaScript ? page.getByRole("dialog") : page.getByRole("alert");
      await asking.getByText(question ?? "", { exact: false }).waitFor();
      // Nothing is offered before the answer.
      expect(queryE2E(`SELECT id FROM move_offers WHERE from_slot_id = '${from.slotId}'`)).toEqual([]);
      await asking.getByRole("button", { name: MOVE_OFFER_YES }).click();
      await page.getByRole("button", { name: "Withdraw the offer" }).waitFor();
      expect(
        queryE2E<{ state: string }>(`SELECT state FROM move_offers WHERE from_slot_id = '${from.slotId}'`),
      ).toEqual([{ state: "offered" }]);
      await page.getByRole("button", { name: "Withdraw the offer" }).click();
      await expect
        .poll(() => queryE2E<{ status: string }>(`SELECT status FROM slots WHERE id = '${from.slotId}'`)[0]?.status)
        .toBe("open");
      expect(queryE2E(`SELECT id FROM move_offers WHERE from_slot_id = '${from.slotId}'`)).toEqual([]);
      await context.close();
    });
  },
);
