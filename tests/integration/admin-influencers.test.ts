import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { STAFF_STREAMER_COPY } from "~/features/staff-streamers/copy";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { createBooking, createGig, createSlot, createStreamer, createUser } from "../factories";
import { callJson, staffUser } from "./admin-world";
import { Client } from "./client";
import { streamerWithGame } from "./streamer-world";

const DAY = 86_400_000;

describe("staff influencers", () => {
  it("lists streamers with search, sort and paging (defaults page 1, limit 10, name A–Z)", async () => {
    const marketing = await staffUser("marketing");
    const tag = `zq${Date.now().toString(36)}`;
    for (const name of ["Charlie", "alpha", "Bravo"]) {
      await createStreamer(env.DB, { fullName: `${name} ${tag}`, username: `${name.toLowerCase()}_${tag}` });
    }
    const [status, list] = await callJson(marketing.cookie, `/api/get/admin/influencers?search=${tag}`);
    expect(status).toBe(200);
    expect(list).toMatchObject({ page: 1, limit: 10, totalItems: 3, totalPages: 1 });
    expect((list.influencers as { fullName: string }[]).map((i) => i.fullName.split(" ")[0])).toEqual([
      "alpha",
      "Bravo",
      "Charlie",
    ]);
    const [, desc] = await callJson(
      marketing.cookie,
      `/api/get/admin/influencers?search=${tag}&sort=fullName_desc&limit=2&page=2`,
    );
    expect(desc).toMatchObject({ page: 2, limit: 2, totalItems: 3, totalPages: 2 });
    expect((desc.influencers as { fullName: string }[]).map((i) => i.fullName.split(" ")[0])).toEqual(["alpha"]);
    const [bad, badAnswer] = await callJson(marketing.cookie, "/api/get/admin/influencers?sort=height");
    expect(bad).toBe(400);
    expect(badAnswer.message).toContain("sort");
    const page = await (await new Client().get(`/admin/influencer?search=${tag}`, { Cookie: marketing.cookie })).text();
    expect(page).toContain(`Bravo ${tag}`);
  });

  it("registers a streamer who gets the password set-up link, and refuses a taken email or username", async () => {
    const admin = await staffUser("admin");
    const email = `star_${Date.now()}@example.com`;
    const username = `star_${Date.now().toString(36)}`;
    const body = { fullName: "New Star", username, email, country: "IN" };
    const [status, answer] = await callJson(admin.cookie, "/api/register/influencer", body);
    expect([status, answer.message]).toEqual([200, STAFF_STREAMER_COPY.registered]);
    const user = await env.DB.prepare("SELECT is_influencer, country FROM users WHERE id = ?").bind(answer.id).first();
    expect(user).toEqual({ is_influencer: 1, country: "IN" });
    const [mail] = await readOutbox(env.PRIVATE_FILES, { to: email, limit: 1 });
    expect(JSON.stringify(mail)).toContain(`/streamer-password-setup/${encodeURIComponent(email)}?token=`);
    // Setting the first password logs the new streamer in on their dashboard, where their work starts.
    const link = /\/streamer-password-setup\/[^"\s\\]+\?token=[\w-]+/.exec(JSON.stringify(mail))?.[0] ?? "";
    const password = "Star-pass-2026";
    const set = await new Client().post(link, { newPassword: password, confirmPassword: password });
    expect(set.status).toBe(302);
    expect(set.headers.get("Location")).toBe("/influencer/dashboard");
    expect(await callJson(admin.cookie, "/api/register/influencer", { ...body, username: `${username}x` })).toEqual([
      409,
      { success: false, message: STAFF_STREAMER_COPY.emailTaken, field: "email" },
    ]);
    expect(await callJson(admin.cookie, "/api/register/influencer", { ...body, email: `x${email}` })).toEqual([
      409,
      { success: false, message: STAFF_STREAMER_COPY.usernameTaken, field: "username" },
    ]);
    // The page form, without JavaScript: a bad address is a 400 with the field's message.
    const form = await new Client().post("/admin/add-influencer", { ...body, email: "nope" }, { Cookie: admin.cookie });
    expect(form.status).toBe(400);
  });

  it("sets the platform fee (finance) and the landing flag (marketing), audited", async () => {
    const finance = await staffUser("finance");
    const marketing = await staffUser("marketing");
    const streamer = await createStreamer(env.DB);
    expect(
      await callJson(finance.cookie, `/api/post/admin/influencers/${streamer.id}/platform-fees`, {
        fees_percentage: 17.5,
      }),
    ).toEqual([
      200,
      { success: true, message: STAFF_STREAMER_COPY.feeSaved, platformFeeBps: 1750, fees_percentage: 17.5 },
    ]);
    expect((await callJson(finance.cookie, `/api/influencers/${streamer.id}/platform-fees`))[1].fees_percentage).toBe(
      17.5,
    );
    expect(
      (
        await callJson(finance.cookie, `/api/post/admin/influencers/${streamer.id}/platform-fees`, {
          fees_percentage: 101,
        })
      )[0],
    ).toBe(400);
    expect(
      (
        await callJson(marketing.cookie, `/api/post/admin/influencers/${streamer.id}/platform-fees`, {
          fees_percentage: 5,
        })
      )[0],
    ).toBe(403);
    expect(
      (await callJson(marketing.cookie, `/api/influencers/${streamer.id}/showAtLanding`, { showAtLanding: true }))[1],
    ).toMatchObject({
      showAtLanding: true,
    });
    const audit = await env.DB.prepare("SELECT action FROM audit_log WHERE entity_id = ? ORDER BY created_at")
      .bind(streamer.id)
      .all();
    expect(audit.results.map((r) => r.action)).toEqual(["influencer.platform_fee", "influencer.show_at_landing"]);
  });

  it("removes a streamer: refused with paid future bookings unless clean, which refunds every buyer once", async () => {
    const admin = await staffUser("admin");
    const world = await streamerWithGame();
    const gig = await createGig(env.DB, world.streamer.id, world.game);
    const slot = await createSlot(env.DB, world.streamer.id, gig.id, new Date(Date.now() + 3 * DAY));
    const fan = await createUser(env.DB);
    await createBooking(env.DB, { id: slot.id, influencerId: world.streamer.id }, fan.id, "confirmed", 1, null, {
      amountMinor: 2500,
    });
    const path = `/api/post/admin/removeInfluencer/${world.streamer.id}`;
    expect(await callJson(admin.cookie, path, { removeClean: false })).toEqual([
      409,
      { success: false, message: STAFF_STREAMER_COPY.hasPaidFuture },
    ]);
    const [status, answer] = await callJson(admin.cookie, path, { removeClean: true });
    expect([status, answer.refundedBookings]).toEqual([200, 1]);
    const wallet = await env.DB.prepare("SELECT sum(amount_minor) AS total FROM wallet_entries WHERE user_id = ?")
      .bind(fan.id)
      .first<{ total: number }>();
    expect(wallet?.total).toBe(2500);
    const after = await env.DB.prepare(
      "SELECT u.is_influencer, (SELECT count(*) FROM products WHERE influencer_id = u.id AND archived_at IS NULL) AS gigs, (SELECT status FROM slots WHERE id = ?) AS slot, (SELECT count(*) FROM sessions WHERE user_id = u.id AND revoked_at IS NULL) AS sessions FROM users u WHERE u.id = ?",
    )
      .bind(slot.id, world.streamer.id)
      .first();
    expect(after).toEqual({ is_influencer: 0, gigs: 0, slot: "cancelled", sessions: 0 });
    // Their session ended: the old cookie no longer opens the dashboard; the admin page is a 404 now.
    expect((await new Client().get("/influencer/dashboard", { Cookie: world.cookie })).status).toBe(302);
    expect((await new Client().get(`/admin/influencer/${world.streamer.id}`, { Cookie: admin.cookie })).status).toBe(
      404,
    );
    expect((await callJson(admin.cookie, path, { removeClean: true }))[0]).toBe(404);
  });
});
