import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GIVEAWAY_COPY } from "~/features/giveaway/copy";
import { createBooking, createGig, createSlot, createUser } from "../factories";
import { callJson, staffUser } from "./admin-world";
import { Client } from "./client";
import { streamerWithGame } from "./streamer-world";

describe("the Noobrd giveaway", () => {
  it("lists sign-ups and slot bookings of a period and sends a lobby code to a slot's fans, once each", async () => {
    const marketing = await staffUser("marketing");
    const world = await streamerWithGame();
    const gig = await createGig(env.DB, world.streamer.id, world.game);
    const slot = await createSlot(env.DB, world.streamer.id, gig.id, new Date(Date.now() + 2 * 86_400_000));
    const fans = [await createUser(env.DB), await createUser(env.DB)];
    for (const fan of fans)
      await createBooking(env.DB, { id: slot.id, influencerId: world.streamer.id }, fan.id, "confirmed");
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);

    const [, signedUp] = await callJson(
      marketing.cookie,
      `/api/admin/signed-up-users?startTime=${today}&endTime=${today}`,
    );
    const ids = (signedUp.users as { id: string }[]).map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining(fans.map((f) => f.id)));
    expect(ids).not.toContain(world.streamer.id);
    const [, booked] = await callJson(
      marketing.cookie,
      `/api/admin/slot-booked-users?startTime=${today}&endTime=${later}`,
    );
    expect((booked.bookings as { slotId: string }[]).filter((b) => b.slotId === slot.id)).toHaveLength(2);
    const [bad] = await callJson(marketing.cookie, `/api/admin/slot-booked-users?startTime=${later}&endTime=${today}`);
    expect(bad).toBe(400);

    const [status, answer] = await callJson(marketing.cookie, "/api/admin/send-notifications", {
      slotId: slot.id,
      lobbyCode: "GIVE-42",
    });
    expect([status, answer.message, answer.notified]).toEqual([200, GIVEAWAY_COPY.sent(2), 2]);
    for (const fan of fans) {
      const rows = await env.DB.prepare("SELECT title, type FROM notifications WHERE user_id = ?").bind(fan.id).all();
      expect(rows.results).toEqual([{ title: GIVEAWAY_COPY.title("GIVE-42"), type: "lobby_code" }]);
    }
    const code = await env.DB.prepare("SELECT code FROM lobby_codes WHERE slot_id = ?").bind(slot.id).first();
    expect(code?.code).toBe("GIVE-42");
    const emptySlot = await createSlot(env.DB, world.streamer.id, gig.id, new Date(Date.now() + 3 * 86_400_000));
    expect(
      await callJson(marketing.cookie, "/api/admin/send-notifications", { slotId: emptySlot.id, lobbyCode: "X" }),
    ).toEqual([409, { success: false, message: GIVEAWAY_COPY.noRecipients, field: "slotId" }]);
    // The page, without JavaScript.
    const page = await new Client().get(`/admin/noobrd-giveaway?startTime=${today}&endTime=${later}`, {
      Cookie: marketing.cookie,
    });
    expect(page.status).toBe(200);
    const missing = await new Client().post(
      "/admin/noobrd-giveaway",
      { slotId: slot.id },
      { Cookie: marketing.cookie },
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Enter the lobby code");
  });

  it("shows admins the audit log of staff changes, filtered by entity", async () => {
    const admin = await staffUser("admin");
    const marketing = await staffUser("marketing", { fullName: `Mia Marketing ${Date.now()}` });
    await callJson(marketing.cookie, "/api/post/Faqs", { question: `Audit me ${Date.now()}?`, answer: "Yes." });
    const page = await new Client().get("/admin/audit-log?entity=faq", { Cookie: admin.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("faq.create");
    expect(html).toContain("marketing");
    // Who made the change, by name, not an id.
    expect(html).toContain(marketing.user.fullName ?? "");
    // What changed, as words and values, not raw JSON.
    const row = html.slice(html.indexOf(">question:<"), html.indexOf(">question:<") + 200);
    expect(row).toMatch(/Audit me \d+\?/);
    expect(html).not.toContain("&quot;question&quot;");
    expect((await new Client().get("/admin/audit-log", { Cookie: marketing.cookie })).status).toBe(403);
  });
});
