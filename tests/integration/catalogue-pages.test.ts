import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { type CatalogueWorld, createCatalogueWorld } from "../catalogue-world";
import { setUsdInrRate } from "../factories";
import { slotSeats } from "../support/gig-page";
import { attributesOf, type Page, parsePage, readPage } from "../support/page";
import { request } from "./app";

let world: CatalogueWorld;
let fanCookie: string;
beforeAll(async () => {
  world = await createCatalogueWorld(env.DB);
  await setUsdInrRate(env.DB, 84_000_000);
  fanCookie = (await createSession(env, world.fan.id)).split(";")[0] ?? "";
});

/** A page as served: the response, its raw HTML (for what is sent but not shown) and its parsed DOM. */
async function page(path: string, cookie?: string) {
  const response = await request(path, { headers: cookie ? { Cookie: cookie } : {} });
  const html = await response.text();
  return { response, html, dom: parsePage(html) };
}

/** The titles of the cards of one kind, in page order. */
function cardTitles(dom: Page, testId: string): string[] {
  return dom.textsOf(`[data-testid="${testId}"] h3`);
}

describe("landing page", () => {
  it("shows landing games, popular stars and gigs, live now and upcoming sessions", async () => {
    const { response, dom } = await page("/");
    expect(response.status).toBe(200);
    expect(cardTitles(dom, "game-card")).toEqual(["Fortnite", "Valorant"]);
    expect(cardTitles(dom, "star-card")).toEqual(["Bella Frags", "Chen Coach"]);
    expect(cardTitles(dom, "gig-card")[0]).toBe("Zero build ranked");
    expect(cardTitles(dom, "live-card")).toEqual(["Late night Fortnite"]);
    expect(dom.textsOf("h2")).toContain("Upcoming sessions");
    expect(dom.text()).toContain("1 of 3 seats left");
    expect(dom.text()).not.toContain("Your upcoming sessions");
  });

  it("sends the cards' fields as hydration data, not the lists' long text (bios, gig descriptions)", async () => {
    for (const path of ["/", "/browse", "/browse?filter=creators"]) {
      const { html } = await page(path);
      expect(html, path).not.toContain("Pro player, EU servers."); // Bella's bio: not on any card
      expect(html, path).not.toContain("Box fights and build battles."); // a gig's description: not on its card
    }
    const { dom } = await page("/");
    expect(cardTitles(dom, "star-card")).toContain("Bella Frags");
  });

  it("shows a logged-in fan their own upcoming sessions", async () => {
    const { dom } = await page("/", fanCookie);
    expect(dom.textsOf("h2")).toContain("Your upcoming sessions");
  });
});

describe("images", () => {
  it("give their size, load lazily in lists, and the one at the top of a gig page loads first", async () => {
    const gig = world.gigs.gig3;
    await env.DB.prepare("UPDATE products SET cover_image_url = ? WHERE id = ?")
      .bind(`/media/gig-covers/${gig.id}.webp`, gig.id)
      .run();
    try {
      const cover = 'img[src^="/media/gig-covers/"]';
      const card = (await page("/browse")).dom.get(cover);
      expect(attributesOf(card, "width", "height", "loading")).toEqual(["640", "360", "lazy"]);
      const top = (await page(`/gig/${gig.id}`)).dom.get(cover);
      expect(attributesOf(top, "width", "height", "fetchPriority", "loading")).toEqual([
        "1280",
        "720",
        "high",
        "eager",
      ]);
    } finally {
      await env.DB.prepare("UPDATE products SET cover_image_url = NULL WHERE id = ?").bind(gig.id).run();
    }
  });
});

describe("browse page", () => {
  it("lists gigs by popularity with prices, and the filter form", async () => {
    const { response, dom } = await page("/browse");
    expect(response.status).toBe(200);
    expect(cardTitles(dom, "gig-card")).toHaveLength(7);
    expect(cardTitles(dom, "gig-card")[0]).toBe("Zero build ranked");
    expect(dom.text()).toContain("$25");
    expect(dom.all('[aria-label="Filters"]')).toHaveLength(1);
    expect(dom.textsOf("option")).toContain("Android / iOS");
  });

  it("applies filters and a sort from the URL", async () => {
    const { dom } = await page(`/browse?sortBy=lowToHigh&selectedGame=${world.games.fortnite.id}&platform=Any`);
    expect(cardTitles(dom, "gig-card")).toEqual([
      "Mobile Fortnite duos",
      "Build fights with Aarav",
      "Zero build ranked",
    ]);
    expect(dom.text()).toContain("Game: Fortnite");
    const streamers = await page("/browse?filter=creators&country=US&sortBy=alphabetically");
    expect(cardTitles(streamers.dom, "star-card")).toEqual(["Bella Frags", "dana builds"]);
    const games = await page("/browse?filter=games&platform=ios");
    expect(cardTitles(games.dom, "game-card")).toEqual(["Fortnite", "Chess Arena"]);
    const live = await page("/browse?filter=live");
    expect(cardTitles(live.dom, "live-card")).toEqual(["Late night Fortnite"]);
    const search = await page("/browse?searchField=chess&sortBy=alphabetically");
    expect(cardTitles(search.dom, "gig-card")).toEqual(["chess openings 101", "Speed chess blitz"]);
  });

  it("pages with plain links (no JavaScript needed)", async () => {
    const first = await page("/browse?sortBy=alphabetically&limit=3");
    expect(cardTitles(first.dom, "gig-card")).toEqual([
      "Build fights with Aarav",
      "chess openings 101",
      "Mobile Fortnite duos",
    ]);
    expect(first.dom.byRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      "/browse?sortBy=alphabetically&limit=3&page=2",
    );
    expect(first.dom.text()).not.toContain("Previous page");
    const last = await page("/browse?sortBy=alphabetically&limit=3&page=3");
    expect(cardTitles(last.dom, "gig-card")).toEqual(["Zero build ranked"]);
    expect(last.dom.byRole("link", { name: "Previous page" })).toBeTruthy();
    expect(last.dom.text()).not.toContain("Next page");
  });

  it("leaves out what it does not know (an old or hand-edited link still opens the page), never a 500", async () => {
    for (const path of [
      "/browse?sortBy=cheapest",
      "/browse?filter=creators&sortBy=lowToHigh",
      "/browse?filter=planets",
      "/browse?filter=stars",
      "/browse?page=0",
      "/browse?country=India",
    ]) {
      const { response, dom } = await page(path);
      expect(response.status, path).toBe(200);
      expect(dom.text(), path).not.toContain("cannot be run");
    }
    // An unknown filter falls back to gigs; a known one with a bad sort keeps its filter.
    expect((await page("/browse?filter=stars")).dom.textOf("h1")).toBe(
      (await page("/browse?filter=gigs")).dom.textOf("h1"),
    );
  });

  it("sends visitors who ask for favourites only to log in, and back", async () => {
    const { response } = await page("/browse?isFavClicked=true");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/browse?isFavClicked=true")}`,
    );
  });
});

describe("star page", () => {
  it("shows the profile, social links, live status and gigs", async () => {
    const { response, dom } = await page(`/star/${world.streamers.aarav.id}`);
    expect(response.status).toBe(200);
    expect(dom.text()).toContain("Aarav Plays");
    expect(dom.all('a[href="https://twitch.tv/aarav"]')).toHaveLength(1);
    expect(dom.text()).toContain("Live now: Late night Fortnite");
    expect(cardTitles(dom, "gig-card")).toEqual(["Build fights with Aarav"]);
  });

  it("pages upcoming and past sessions six at a time, past newest first", async () => {
    const { dom } = await page(`/star/${world.streamers.chen.id}`);
    expect(dom.text()).toContain("Not live right now.");
    expect(dom.textsOf("h2")).toEqual(expect.arrayContaining(["Upcoming sessions (2)", "Past sessions (7)"]));
    const past = dom.byRole("region", { name: "Past sessions" });
    const times = Array.from(past.querySelectorAll("time"), (time) => attributesOf(time, "dateTime")[0] ?? "");
    expect(times).toHaveLength(6);
    expect(times[0]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect([...times].sort().reverse()).toEqual(times);
    expect(past.querySelectorAll('a[href$="pastPage=2#past"]')).toHaveLength(1);
    const second = await page(`/star/${world.streamers.chen.id}?pastPage=2`);
    expect(second.dom.byRole("region", { name: "Past sessions" }).querySelectorAll("time")).toHaveLength(1);
  });

  it("is a 404 for an unknown star and a 400 for a bad page", async () => {
    expect((await page("/star/nobody")).response.status).toBe(404);
    expect((await page(`/star/${world.fan.id}`)).response.status).toBe(404);
    expect((await page(`/star/${world.streamers.chen.id}?pastPage=abc`)).response.status).toBe(400);
  });
});

describe("gig page", () => {
  it("shows the gig with game, mode, platform, requirements, tags, price and slots with seats left", async () => {
    const { response, dom } = await page(`/gig/${world.gigs.gig3.id}`);
    expect(response.status).toBe(200);
    expect(dom.textOf("h1")).toBe("Valorant aim coaching");
    expect([dom.definition("Mode"), dom.definition("Session length"), dom.definition("Platform")]).toEqual([
      "Duos",
      "30 min",
      "PC",
    ]);
    expect(dom.text()).toContain("Gold or above");
    expect(dom.text()).toContain("#coaching");
    expect(dom.text()).toContain("$40");
    expect(slotSeats(dom)).toEqual(expect.arrayContaining(["1 of 3 seats left", "2 of 2 seats left"]));
    // The 350-character description is cut at 300 behind a 'Read more' that works without JavaScript.
    expect(dom.textsOf("details summary")).toContainEqual(expect.stringContaining("Read more"));
  });

  it("sends the picker, the description and the reviews in place, each between a Suspense boundary's markers", async () => {
    // React hydrates each boundary in a pass of its own after the rest of the page (app/routes/public/gig.tsx). That
    // a built page (with its inline stylesheet) still sends them in place rather than hidden for a script to move in
    // (app/entry.server.tsx) is the browser tests' to see: their pages without JavaScript show the booking form.
    const { html } = await page(`/gig/${world.gigs.gig3.id}`);
    expect(html).toMatch(/<!--\$--><section aria-labelledby="slots-title"/);
    expect(html).toMatch(/<!--\$--><section aria-labelledby="about-title"/);
    expect(html).toMatch(/<!--\$--><section id="reviews"[\s\S]*?<\/section><!--\/\$-->/);
  });

  it("has no 'read more' for a short description", async () => {
    const { dom } = await page(`/gig/${world.gigs.gig1.id}`);
    expect(dom.text()).toContain("Box fights and build battles.");
    expect(dom.text()).not.toContain("Read more");
  });

  it("is a 404 for an archived or unknown gig", async () => {
    expect((await page(`/gig/${world.gigs.archived.id}`)).response.status).toBe(404);
    expect((await page("/gig/unknown-gig")).response.status).toBe(404);
  });
});

describe("game page", () => {
  it("shows modes, platforms (Android and iOS merged), live sessions and gigs", async () => {
    const { response, dom } = await page(`/game/${world.games.fortnite.id}`);
    expect(response.status).toBe(200);
    expect(dom.text()).toContain("PlayStation, PC, Android / iOS");
    expect(dom.text()).toContain("Duos");
    expect(cardTitles(dom, "live-card")).toEqual(["Late night Fortnite"]);
    expect(cardTitles(dom, "gig-card")).toEqual([
      "Zero build ranked",
      "Mobile Fortnite duos",
      "Build fights with Aarav",
    ]);
    expect((await page("/game/unknown")).response.status).toBe(404);
  });
});

describe("prices in the viewer's currency", () => {
  it("shows ₹ to a viewer whose saved country is IN, $ to others", async () => {
    const indian = (await createSession(env, world.streamers.aarav.id)).split(";")[0] ?? "";
    // Zero build ranked: 25.00 USD * 84 = 2,100 INR.
    const inr = await page(`/gig/${world.gigs.gig2.id}`, indian);
    expect(inr.dom.text()).toContain("₹2,100");
    expect(inr.dom.text()).not.toContain("$25");
    const usd = await page(`/gig/${world.gigs.gig2.id}`, fanCookie);
    expect(usd.dom.text()).toContain("$25");
    expect(usd.dom.text()).not.toContain("₹");
  });

  it("uses Cloudflare's request country for visitors", async () => {
    const response = await request(`/gig/${world.gigs.gig2.id}`, { cf: { country: "IN" } } as RequestInit);
    expect((await readPage(response)).text()).toContain("₹2,100");
  });
});
