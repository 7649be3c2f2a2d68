import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { walletBalance } from "~/features/wallet/index.server";
import { getDb } from "~/platform/db.server";
import { readPage } from "~tests/support/page";
import { postForm, request } from "./app";
import { liveFan, liveWorld } from "./live-world";

/**
 * The VIP pass's pages without JavaScript: the streamer's /influencer/pass form (a refused post answers 400 with the
 * message and the fields as sent; a good one saves), the pass on the star page bought by a plain form, the live
 * page's "VIP pass" choice joining with no payment, and the places on the fan's profile.
 */
describe("the VIP pass's pages", () => {
  it("a streamer offers a pass, a fan buys it on the star page, joins VIP with it and sees it on the profile", async () => {
    const world = await liveWorld({ priceMinor: 700 });
    const refused = await postForm(
      "/influencer/pass",
      { places: "25", price: "", validDays: "30" },
      {
        Cookie: world.streamerCookie,
      },
    );
    expect(refused.status).toBe(400);
    const form = await readPage(refused);
    expect(form.textOf('[role="alert"]')).toMatch(/A VIP pass holds 1 to 20 places|Enter the pass's price/);
    const field = (name: string) => form.all(`input[name="${name}"]`)[0]?.getAttribute("value") ?? null;
    expect([field("places"), field("price"), field("validDays")]).toEqual(["25", "", "30"]);
    const saved = await postForm(
      "/influencer/pass",
      { places: "3", price: "21.00", validDays: "30", active: "on" },
      { Cookie: world.streamerCookie },
    );
    expect(saved.status).toBe(302);

    const fan = await liveFan(5_000);
    const streamer = await readPage(await request(`/star/${world.streamer.id}`, { headers: { Cookie: fan.cookie } }));
    expect(streamer.textOf('[data-testid="star-pass"]')).toContain("for 3 VIP places ($7 each)");
    const bought = await postForm(`/star/${world.streamer.id}`, { intent: "buy-pass" }, { Cookie: fan.cookie });
    expect(bought.status).toBe(302);
    expect(await walletBalance(getDb(env), fan.user.id, "USD")).toBe(2_900);

    const live = await readPage(await request(`/live/${world.liveSessionId}`, { headers: { Cookie: fan.cookie } }));
    expect(live.textOf("form fieldset")).toContain("VIP pass (3 places left)");
    const joined = await postForm(
      `/live/${world.liveSessionId}`,
      { intent: "joinVip", gamertag: "pass-tag", acceptTerms: "true", paymentMethod: "pass" },
      { Cookie: fan.cookie },
    );
    expect(joined.status).toBe(302);
    expect(await walletBalance(getDb(env), fan.user.id, "USD")).toBe(2_900);

    const profile = await readPage(await request("/profile", { headers: { Cookie: fan.cookie } }));
    expect(profile.textOf('[data-testid="pass-balance"]')).toContain("2 of 3 VIP places left");

    // Only a streamer's own pass: a fan's post is refused, never a 500.
    const other = (await createSession(env, fan.user.id)).split(";")[0] ?? "";
    const foreign = await postForm("/influencer/pass", { places: "2", price: "1", validDays: "30" }, { Cookie: other });
    expect(foreign.status).toBeGreaterThanOrEqual(300);
    expect(foreign.status).toBeLessThan(500);
  });
});
