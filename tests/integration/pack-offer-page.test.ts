import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { readPage } from "~tests/support/page";
import { createGame, createGig, createPlatform, createStreamer, createUser } from "../factories";
import { postForm, request } from "./app";

/**
 * The streamer's session-pack page without JavaScript: a refused post answers 400 with the message and the fields as
 * they were sent (an empty box stays empty); a good post saves the pack, and only the gig's streamer may.
 */
describe("the session-pack page of a gig", () => {
  it("carries back exactly what was sent when refused, saves a good pack, and refuses another streamer", async () => {
    const streamer = await createStreamer(env.DB);
    const game = await createGame(env.DB, {}, { platformIds: [(await createPlatform(env.DB, "pc")).id] });
    const gig = await createGig(env.DB, streamer.id, game, { listPriceMinor: 1000 });
    const cookie = (await createSession(env, streamer.id)).split(";")[0] ?? "";
    const path = `/influencer/products/${gig.id}/pack`;

    const refused = await postForm(path, { sessions: "25", price: "", validDays: "30" }, { Cookie: cookie });
    expect(refused.status).toBe(400);
    const page = await readPage(refused);
    expect(page.textOf('[role="alert"]')).toMatch(/A pack holds 2 to 20 sessions|Enter the pack's price/);
    const field = (name: string) => page.all(`input[name="${name}"]`)[0]?.getAttribute("value") ?? null;
    expect([field("sessions"), field("price"), field("validDays")]).toEqual(["25", "", "30"]);

    const saved = await postForm(
      path,
      { sessions: "5", price: "40.00", validDays: "90", active: "on" },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(302);
    const again = await readPage(await request(path, { headers: { Cookie: cookie } }));
    expect(again.all('input[name="price"]')[0]?.getAttribute("value")).toBe("40");

    const other = await createUser(env.DB, { isStreamer: true });
    const otherCookie = (await createSession(env, other.id)).split(";")[0] ?? "";
    const foreign = await postForm(path, { sessions: "5", price: "1", validDays: "90" }, { Cookie: otherCookie });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);
  });
});
