import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatSlotTime } from "~/features/time/format";
import { setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { contexts, DEMO_FAN, logInAsDemoFan, signedIn } from "./demo-fan";
import { demoSlot, paidDemoBooking, userWithPassword } from "./demo-rows";
import { latestEmail, linkIn } from "./outbox";

/**
 * The waitlist end to end: the demo fan joins the waitlist of a full slot on the demo star's gig (plain forms, with
 * JavaScript off and on), the fan holding the slot's only seat cancels their booking, and the demo fan finds the seat
 * held for them on the gig page, on their profile and in their email, with the link straight to the booking form.
 */
const browser = setupBrowser();
const newContext = contexts(browser, "Asia/Kolkata", 200);

async function logIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await signedIn(page);
}

/** A fresh one-seat slot on the demo star's gig, its seat booked (confirmed, paid) by a fresh fan with a password. */
async function fullSlot() {
  const password = "Wait-list-2026";
  const holder = await userWithPassword({ fullName: "Seat Holder", country: "IN" }, password);
  const startsAt = (Math.floor(Date.now() / 1000) + 3 * 86_400 + Math.floor(Math.random() * 86_400)) * 1000;
  const { gigId, slotId } = await demoSlot(startsAt, 1);
  const { orderId } = await paidDemoBooking(slotId, holder.id, 50_000);
  return { gigId, slotId, orderId, startsAt, holder: { email: holder.email ?? "", password } };
}

function placeOf(slotId: string) {
  return queryE2E<{ status: string; seats: number }>(
    `SELECT status, seats FROM waitlist_entries WHERE slot_id = '${slotId}' AND user_id = '${DEMO_FAN.id}'`,
  );
}

describe.each([false, true])("the waitlist of a full slot (JavaScript %s)", (javaScript) => {
  it("a fan joins, a cancellation frees the seat, and the fan sees the offer and its checkout link", async () => {
    const { gigId, slotId, orderId, startsAt, holder } = await fullSlot();
    const fanContext = await newContext(javaScript);
    const fanPage = await fanContext.newPage();
    await logInAsDemoFan(fanPage);

    await fanPage.goto(`/gig/${gigId}?slot=${slotId}`);
    // The full time in the booking form's picker offers the gig's one waitlist form; the fan's place shows below it.
    const slot = fanPage.locator(`[data-slot="${slotId}"]`);
    const place = fanPage.locator(`[data-place="${slotId}"]`);
    await fanPage.getByRole("form", { name: "Join the waitlist" }).waitFor();
    await slot.getByRole("button", { name: "Join the waitlist" }).click();
    await fanPage.getByText("You joined the waitlist: you are number 1 in line").waitFor();
    await place.getByText("You are number 1 in line for 1 seat").waitFor();
    await slot.getByText("You are on its waitlist").waitFor();
    expect(placeOf(slotId)).toEqual([{ status: "waiting", seats: 1 }]);

    // The seat's holder cancels their booking in their own browser.
    const holderContext = await newContext(javaScript);
    const holderPage = await holderContext.newPage();
    await logIn(holderPage, holder);
    await holderPage.goto(`/profile/orders/${orderId}/cancel`);
    await holderPage.getByRole("button", { name: "Yes, cancel my booking" }).click();
    await expect
      .poll(() => queryE2E<{ status: string }>(`SELECT status FROM bookings WHERE order_id = '${orderId}'`)[0]?.status)
      .toBe("cancelled");
    expect(placeOf(slotId)).toEqual([{ status: "offered", seats: 1 }]);

    // The gig page: the seat is held for the fan, with the link to book it.
    const checkout = `/gig/${gigId}?slot=${slotId}&seats=1#booking`;
    await fanPage.goto(`/gig/${gigId}`);
    await place.getByText(/1 seat held for you until/).waitFor();
    expect(await place.getByRole("link", { name: "Book now" }).getAttribute("href")).toBe(checkout);
    // The profile and the email say the same.
    await fanPage.goto("/profile");
    const waitlists = fanPage.getByRole("region", { name: "Waitlists" });
    await waitlists.getByText(/1 seat held for you until/).waitFor();
    // The slot's time comes in words from the server, in the fan's zone (saved, else their browser's: Kolkata).
    const [fan] = queryE2E<{ time_zone: string | null }>(`SELECT time_zone FROM users WHERE id = '${DEMO_FAN.id}'`);
    const zone = fan?.time_zone ?? "Asia/Kolkata";
    const slotTime = waitlists.locator(`time[datetime="${new Date(startsAt).toISOString()}"]`);
    expect(await slotTime.textContent()).toBe(
      formatSlotTime(new Date(startsAt), new Date(startsAt + 30 * 60_000), zone),
    );
    const email = await latestEmail(DEMO_FAN.email, /^Seats held for you/);
    expect(linkIn(email, /\/gig\//)).toBe(`/gig/${gigId}?slot=${slotId}&seats=1`);

    // The link opens the booking form with the held slot chosen (nobody else can book it meanwhile).
    await waitlists.getByRole("link", { name: "Book now" }).click();
    await fanPage.waitForURL(`**/gig/${gigId}?slot=${slotId}&seats=1*`);
    const form = fanPage.getByRole("form", { name: "Book a slot" });
    await expect.poll(() => form.locator(`input[value="${slotId}"]`).isChecked()).toBe(true);

    // Leaving gives the seat back (a plain form on the profile).
    await fanPage.goto("/profile");
    await waitlists.getByRole("button", { name: "Leave the waitlist" }).click();
    await fanPage.getByText("You left the waitlist").waitFor();
    expect(placeOf(slotId)).toEqual([{ status: "left", seats: 1 }]);
    await fanContext.close();
    await holderContext.close();
  });
});
