import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { placeOrder } from "~/features/booking/purchase.server";
import { sendBookingReminders } from "~/features/booking/reminders.server";
import { cancelSlot } from "~/features/slots/slots.server";
import { appOrigin, DEVELOPMENT_ORIGIN } from "~/platform/env.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { creditWallet, viewerOf } from "../factories";
import { bookingWorld, fan } from "./booking-world";

const ORIGIN = "https://play.noobrd.example";

describe("one public origin", () => {
  it("is PUBLIC_ORIGIN, required in production; elsewhere the request's, else the development server's", () => {
    expect(appOrigin({ ...env, PUBLIC_ORIGIN: `${ORIGIN}/` } as Env)).toBe(ORIGIN);
    expect(() => appOrigin({ ...env, APP_ENV: "production", PUBLIC_ORIGIN: undefined } as unknown as Env)).toThrow(
      /PUBLIC_ORIGIN/,
    );
    const local = { ...env, PUBLIC_ORIGIN: undefined } as unknown as Env;
    expect(appOrigin(local, new Request("http://127.0.0.1:4173/x"))).toBe("http://127.0.0.1:4173");
    expect(appOrigin(local)).toBe(DEVELOPMENT_ORIGIN);
  });

  it("every link in the booking, reminder and cancellation emails starts with it", async () => {
    const configured = { ...env, PUBLIC_ORIGIN: ORIGIN } as Env;
    const world = await bookingWorld({ seats: 2, startsInMs: 20 * 60 * 60_000 });
    const buyer = await fan();
    await creditWallet(env.DB, buyer.user.id, 100_000);
    await placeOrder(
      configured,
      viewerOf(buyer.user),
      {
        slotId: world.slot.id,
        numberOfPlayers: 1,
        multipleGamerTags: ["Ace"],
        promoCode: undefined,
        paymentMethod: "wallet",
      },
      ORIGIN,
    );
    await sendBookingReminders(configured, new Date(world.startsAt.getTime() - 24 * 60 * 60_000 + 60_000));
    await cancelSlot(configured, viewerOf(world.streamer), world.slot.id);
    const mails = await readOutbox(env.PRIVATE_FILES, { to: buyer.user.email ?? "" });
    expect(mails.map((m) => m.subject).join(" | ")).toMatch(
      /Booking confirmed.*\|.*Cancelled|Cancelled.*\|.*Booking confirmed/,
    );
    for (const mail of mails) {
      const links = [...`${mail.text} ${mail.html}`.matchAll(/(?:href="|https?:\/\/)[^\s"<]*/g)].map((m) => m[0]);
      expect(links.length, mail.subject).toBeGreaterThan(0);
      for (const link of links) {
        const url = link.startsWith('href="') ? link.slice(6) : link;
        expect(url.startsWith(ORIGIN), `${mail.subject}: ${url}`).toBe(true);
      }
      for (const invite of mail.attachments ?? []) {
        // Calendar lines fold at 75 characters: unfold before reading the links.
        const unfolded = invite.content.replace(/\r?\n[ \t]/g, "");
        for (const url of unfolded.match(/https?:\/\/[^\s]+/g) ?? []) expect(url.startsWith(ORIGIN), url).toBe(true);
      }
    }
  });
});
