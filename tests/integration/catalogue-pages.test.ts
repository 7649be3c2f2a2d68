import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { type CatalogueWorld, createCatalogueWorld } from "../catalogue-world";
import { setUsdInrRate } from "../factories";
import { request } from "./app";

let world: CatalogueWorld;
let fanCookie: string;
beforeAll(async () => {
  world = await createCatalogueWorld(env.DB);
  await setUsdInrRate(env.DB, 84_000_000);
  fanCookie = (await createSession(env, world.fan.id)).split(";")[0] ?? "";
});

async function page(path: string, cookie?: string) {
  const response = await request(path, { headers: cookie ? { Cookie: cookie } : {} });
  // React separates adjacent text parts with <!-- --> in server HTML; tests read the text as shown.
  return { response, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** The text of the cards of one kind, in page order. */
function cardTitles(html: string, testId: string): string[] {
  const titles: string[] = [];
  for (const part of html.split(`data-testid="${testId}"`).slice(1)) {
    const match = /<h3[^>]*>(?:<a[^>]*>)?([^<]+)</.exec(part);
    if (match?.[1]) titles.push(match[1]);
  }
  return titles;
}

describe("landing page", () => {
  it("shows landing games, popular stars and gigs, live now and upcoming sessions", async () => {
    const { response, html } = await page("/");
    expect(response.status).toBe(200);
    expect(cardTitles(html, "game-card")).toEqual(["Fortnite", "Valorant"]);
    expect(cardTitles(html, "star-card")).toEqual(["Bella Frags", "Chen Coach"]);
    expect(cardTitles(html, "gig-card")[0]).toBe("Zero build ranked");
    expect(cardTitles(html, "live-card")).toEqual(["Late night Fortnite"]);
    expect(html).toContain("Upcoming sessions");
    expect(html).toContain("1 of 3 seats left");
    expect(html).not.toContain("Your upcoming sessions");
  });

  it("sends the cards' fields as hydration data, not the lists' long text (bios, gig descriptions)", async () => {
    for (const path of ["/", "/browse", "/browse?filter=creators"]) {
      const { html } = await page(path);
      expect(html, path).not.toContain("Pro player, EU servers."); // Bella's bio: not on any card
      expect(html, path).not.toContain("Box fights and build battles."); // a gig's description: not on its card
    }
    const { html } = await page("/");
    expect(cardTitles(html, "star-card")).toContain("Bella Frags");
  });

  it("shows a logged-in fan their own upcoming sessions", async () => {
    const { html } = await page("/", fanCookie);
    expect(html).toContain("Your upcoming sessions");
  });
});

describe("images", () => {
  it("give their size, load lazily in lists, and the one at the top of a gig page loads first", async () => {
    const gig = world.gigs.gig3;
    await env.DB.prepare("UPDATE products SET cover_image_url = ? WHERE id = ?")
      .bind(`/media/gig-covers/${gig.id}.webp`, gig.id)
      .run();
    try {
      const card = /<img[^>]*src="\/media\/gig-covers\/[^"]+"[^>]*>/.exec((await page("/browse")).html)?.[0] ?? "";
      expect(card).toMatch(/width="640"/);
      expect(card).toMatch(/height="360"/);
      expect(card).toMatch(/loading="lazy"/);
      const cover =
        /<img[^>]*src="\/media\/gig-covers\/[^"]+"[^>]*>/.exec((await page(`/gig/${gig.id}`)).html)?.[0] ?? "";
      expect(cover).toMatch(/width="1280"/);
      expect(cover).toMatch(/height="720"/);
      expect(cover).toMatch(/fetchPriority="high"|fetchpriority="high"/);
      expect(cover).not.toMatch(/loading="lazy"/);
    } finally {
      await env.DB.prepare("UPDATE products SET cover_image_url = NULL WHERE id = ?").bind(gig.id).run();
    }
  });
});

describe("browse page", () => {
  it("lists gigs by popularity with prices, and the filter form", async () => {
    const { response, html } = await page("/browse");
    expect(response.status).toBe(200);
    expect(cardTitles(html, "gig-card")).toHaveLength(7);
    expect(cardTitles(html, "gig-card")[0]).toBe("Zero build ranked");
    expect(html).toContain("$25");
    expect(html).toContain('aria-label="Filters"');
    expect(html).toContain("Android / iOS");
  });

  it("applies filters and a sort from the URL", async () => {
    const { html } = await page(`/browse?sortBy=lowToHigh&selectedGame=${world.games.fortnite.id}&platform=Any`);
    expect(cardTitles(html, "gig-card")).toEqual([
      "Mobile Fortnite duos",
      "Build fights with Aarav",
      "Zero build ranked",
    ]);
    expect(html).toContain("Game: Fortnite");
    const creators = await page("/browse?filter=creators&country=US&sortBy=alphabetically");
    expect(cardTitles(creators.html, "star-card")).toEqual(["Bella Frags", "dana builds"]);
    const games = await page("/browse?filter=games&platform=ios");
    expect(cardTitles(games.html, "game-card")).toEqual(["Fortnite", "Chess Arena"]);
    const live = await page("/browse?filter=live");
    expect(cardTitles(live.html, "live-card")).toEqual(["Late night Fortnite"]);
    const search = await page("/browse?searchField=chess&sortBy=alphabetically");
    expect(cardTitles(search.html, "gig-card")).toEqual(["chess openings 101", "Speed chess blitz"]);
  });

  it("pages with plain links (no JavaScript needed)", async () => {
    const first = await page("/browse?sortBy=alphabetically&limit=3");
    expect(cardTitles(first.html, "gig-card")).toEqual([
      "Build fights with Aarav",
      "chess openings 101",
      "Mobile Fortnite duos",
    ]);
    expect(first.html).toMatch(/href="\/browse\?sortBy=alphabetically&amp;limit=3&amp;page=2"[^>]*>Next page/);
    expect(first.html).not.toContain("Previous page");
    const last = await page("/browse?sortBy=alphabetically&limit=3&page=3");
    expect(cardTitles(last.html, "gig-card")).toEqual(["Zero build ranked"]);
    expect(last.html).toContain("Previous page");
    expect(last.html).not.toContain("Next page");
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
      const { response, html } = await page(path);
      expect(response.status, path).toBe(200);
      expect(html, path).not.toContain("cannot be run");
    }
    // An unknown filter falls back to gigs; a known one with a bad sort keeps its filter.
    expect((await page("/browse?filter=stars")).html).toContain(
      (await page("/browse?filter=gigs")).html.match(/<h1[^>]*>[^<]*/)?.[0] ?? "<h1",
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
    const { response, html } = await page(`/star/${world.stars.aarav.id}`);
    expect(response.status).toBe(200);
    expect(html).toContain("Aarav Plays");
    expect(html).toContain('href="https://twitch.tv/aarav"');
    expect(html).toContain("Live now:");
    expect(html).toContain("Late night Fortnite");
    expect(cardTitles(html, "gig-card")).toEqual(["Build fights with Aarav"]);
  });

  it("pages upcoming and past sessions six at a time, past newest first", async () => {
    const { html } = await page(`/star/${world.stars.chen.id}`);
    expect(html).toContain("Not live right now.");
    expect(html).toMatch(/Upcoming sessions <span[^>]*>\(2\)/);
    expect(html).toMatch(/Past sessions <span[^>]*>\(7\)/);
    const past = html.slice(html.indexOf('id="past"'));
    const times = [...past.matchAll(/<time dateTime="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(times).toHaveLength(6);
    expect([...times].sort().reverse()).toEqual(times);
    expect(past).toContain("pastPage=2#past");
    const second = await page(`/star/${world.stars.chen.id}?pastPage=2`);
    const rest = second.html.slice(second.html.indexOf('id="past"'));
    expect([...rest.matchAll(/<time dateTime="/g)]).toHaveLength(1);
  });

  it("is a 404 for an unknown star and a 400 for a bad page", async () => {
    expect((await page("/star/nobody")).response.status).toBe(404);
    expect((await page(`/star/${world.fan.id}`)).response.status).toBe(404);
    expect((await page(`/star/${world.stars.chen.id}?pastPage=abc`)).response.status).toBe(400);
  });
});

describe("gig page", () => {
  it("shows the gig with game, mode, platform, requirements, tags, price and slots with seats left", async () => {
    const { response, html } = await page(`/gig/${world.gigs.gig3.id}`);
    expect(response.status).toBe(200);
    expect(html).toContain("Valorant aim coaching");
    expect(html).toContain("Duos");
    expect(html).toContain("30 min");
    expect(html).toContain("PC");
    expect(html).toContain("Gold or above");
    expect(html).toContain("#coaching");
    expect(html).toContain("$40");
    expect(html).toContain("1 of 3 seats left");
    expect(html).toContain("2 of 2 seats left");
    // The 350-character description is cut at 300 behind a 'Read more' that works without JavaScript.
    expect(html).toContain("<details");
    expect(html).toContain("Read more");
  });

  it("has no 'read more' for a short description", async () => {
    const { html } = await page(`/gig/${world.gigs.gig1.id}`);
    expect(html).toContain("Box fights and build battles.");
    expect(html).not.toContain("Read more");
  });

  it("is a 404 for an archived or unknown gig", async () => {
    expect((await page(`/gig/${world.gigs.archived.id}`)).response.status).toBe(404);
    expect((await page("/gig/unknown-gig")).response.status).toBe(404);
  });
});

describe("game page", () => {
  it("shows modes, platforms (Android and iOS merged), live sessions and gigs", async () => {
    const { response, html } = await page(`/game/${world.games.fortnite.id}`);
    expect(response.status).toBe(200);
    expect(html).toContain("PlayStation, PC, Android / iOS");
    expect(html).toContain("Duos");
    expect(cardTitles(html, "live-card")).toEqual(["Late night Fortnite"]);
    expect(cardTitles(html, "gig-card")).toEqual([
      "Zero build ranked",
      "Mobile Fortnite duos",
      "Build fights with Aarav",
    ]);
    expect((await page("/game/unknown")).response.status).toBe(404);
  });
});

describe("prices in the viewer's currency", () => {
  it("shows ₹ to a viewer whose saved country is IN, $ to others", async () => {
    const indian = (await createSession(env, world.stars.aarav.id)).split(";")[0] ?? "";
    // Zero build ranked: 25.00 USD * 84 = 2,100 INR.
    const inr = await page(`/gig/${world.gigs.gig2.id}`, indian);
    expect(inr.html).toContain("₹2,100");
    expect(inr.html).not.toContain("$25");
    const usd = await page(`/gig/${world.gigs.gig2.id}`, fanCookie);
    expect(usd.html).toContain("$25");
    expect(usd.html).not.toContain("₹");
  });

  it("uses Cloudflare's request country for visitors", async () => {
    const response = await request(`/gig/${world.gigs.gig2.id}`, { cf: { country: "IN" } } as RequestInit);
    expect((await response.text()).replaceAll("<!-- -->", "")).toContain("₹2,100");
  });
});
