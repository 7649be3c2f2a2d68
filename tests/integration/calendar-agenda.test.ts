import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { currentMonth, zonedDate } from "~/features/time";
import { createGig, createSlot } from "../factories";
import { readPage } from "../support/page";
import { request } from "./app";
import { streamerWithGame } from "./streamer-world";

/**
 * The streamer's calendar as an agenda: this month's slots not yet over first, soonest first, by day in the
 * streamer's zone; the played ones in a closed section of their own, read-only (no Cancel, no lobby code). The slot
 * times are picked around now so that the month has both (a slot of the 1st at 00:10 is over on any later day).
 */
describe("the calendar's agenda", () => {
  it("lists what is coming by day, soonest first, and the played slots apart without Cancel or lobby code", async () => {
    const { streamer, cookie, game } = await streamerWithGame({ timeZone: "UTC" });
    const gig = await createGig(env.DB, streamer.id, game, { title: "Agenda gig", sessionMinutes: 60 });
    const now = new Date();
    const { month, year } = currentMonth(now, "UTC");
    const firstOfMonth = Date.UTC(year, month - 1, 1);
    const endOfMonth = Date.UTC(year, month, 1);
    const hour = 3_600_000;
    // Two played slots (when the month has begun long enough ago) and up to two to come, within this month.
    const played = [firstOfMonth + 10 * 60_000, firstOfMonth + 3 * hour].filter((at) => at + hour < now.getTime());
    const coming = [endOfMonth - 2 * hour, now.getTime() + 2 * hour].filter(
      (at) => at > now.getTime() && at < endOfMonth - hour,
    );
    for (const at of [...coming, ...played]) {
      await createSlot(env.DB, streamer.id, gig.id, new Date(at), { endsAt: new Date(at + hour) });
    }
    const page = await readPage(
      await request(`/influencer/calendar-dashboard?month=${month}&year=${year}`, { headers: { Cookie: cookie } }),
    );
    const upcomingIds = page.all("[data-agenda-day] li[data-starts]").map((li) => li.getAttribute("data-starts"));
    const upcomingTimes = [...coming].sort((a, b) => a - b).map((at) => new Date(at).toISOString());
    expect(upcomingIds).toEqual(upcomingTimes);
    expect(page.all("[data-agenda-day]").map((day) => day.getAttribute("data-agenda-day"))).toEqual([
      ...new Set(upcomingTimes.map((at) => zonedDate(at, "UTC"))),
    ]);
    for (const card of page.all("[data-agenda-day] li[id^='slot-']")) {
      expect(card.textContent).toContain("Cancel slot");
      expect(card.textContent).toContain("1 h");
    }
    const pastCards = page.all("[data-testid='past-slots'] li[id^='slot-']");
    expect(pastCards).toHaveLength(played.length);
    if (played.length > 0) {
      expect(page.get("[data-testid='past-slots']").hasAttribute("open")).toBe(false);
      const pastTimes = page.all("[data-testid='past-slots'] li[data-starts]");
      expect(pastTimes.map((li) => li.getAttribute("data-starts"))).toEqual(
        [...played].sort((a, b) => b - a).map((at) => new Date(at).toISOString()),
      );
    }
    for (const card of pastCards) expect(card.textContent).not.toContain("Cancel slot");
    expect(
      page.all("[data-testid='past-slots'] input[name='lobbyCode'], [data-testid='past-slots'] button[value='cancel']"),
    ).toEqual([]);
    // The zone is picked from a list naming each zone with its offset, the streamer's own chosen.
    const zone = page.get("select#timeZone");
    expect(zone.tagName).toBe("SELECT");
    expect(page.get("select#timeZone option[selected]").getAttribute("value")).toBe("UTC");
    expect(page.textOf("select#timeZone option[value='Asia/Kolkata']")).toBe(
      "Kolkata · India Standard Time (UTC+05:30)",
    );
  });

  it("opens on a rolling agenda of the next 4 weeks across month ends, Add slots closed, the month one tap away", async () => {
    const { streamer, cookie, game } = await streamerWithGame({ timeZone: "UTC" });
    const gig = await createGig(env.DB, streamer.id, game, { title: "Rolling gig", sessionMinutes: 60 });
    const now = Date.now();
    const day = 86_400_000;
    const hour = 3_600_000;
    // Whatever the day of the month, 20 days ahead is past a month end for most of the month, and never past 4 weeks.
    const within = [now + 2 * hour, now + 9 * day, now + 20 * day, now + 27 * day];
    const beyond = now + 30 * day;
    for (const at of [...within, beyond]) {
      await createSlot(env.DB, streamer.id, gig.id, new Date(at), { endsAt: new Date(at + hour) });
    }
    const page = await readPage(await request("/influencer/calendar-dashboard", { headers: { Cookie: cookie } }));
    expect(page.textOf("h1")).toBe("Calendar · Next 4 weeks");
    expect(page.all("[data-agenda-day] li[data-starts]").map((li) => li.getAttribute("data-starts"))).toEqual(
      within.map((at) => new Date(at).toISOString()),
    );
    expect(page.textOf("#slots-title")).toBe("Upcoming slots in the next 4 weeks (4)");
    // "Add slots" is a closed disclosure above the agenda, its form inside; the month grid is not drawn.
    const adding = page.get("details:has(> summary#add-slots-title)");
    expect(adding.hasAttribute("open")).toBe(false);
    expect(adding.querySelector('form button[value="add"]')).not.toBeNull();
    expect(page.all('[role="grid"]')).toEqual([]);
    const { month, year } = currentMonth(new Date(now), "UTC");
    expect(page.get('nav[aria-label="Calendar views"] a').getAttribute("href")).toBe(
      `/influencer/calendar-dashboard?month=${month}&year=${year}`,
    );
    const monthPage = await readPage(
      await request(`/influencer/calendar-dashboard?month=${month}&year=${year}`, { headers: { Cookie: cookie } }),
    );
    expect(monthPage.all('[role="grid"]')).toHaveLength(1);
    expect(monthPage.textOf("h1")).toMatch(/^Calendar · \w+ \d{4}$/);
  });
});
