import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GIG_COPY } from "~/features/gigs/copy";
import { gigSchema, normaliseTags, priceToMinor } from "~/features/gigs/schema";
import { toUsdMinor } from "~/lib/money-math";
import { createBooking, createGig, createSlot, setUsdInrRate } from "../factories";
import { readPage } from "../support/page";
import { request } from "./app";
import { loggedInFan, PNG_BYTES, streamerWithGame } from "./streamer-world";

const valid = (game: { id: string; modeId: string }, platformId: string) => ({
  product_title: "Ranked duos with me",
  product_desc: "Let's climb.",
  _game_id: game.id,
  _game_mode_id: game.modeId,
  _platform_playing_on_id: platformId,
  price: "12.50",
});

function multipart(
  fields: Record<string, string | string[]>,
  file?: { bytes: Uint8Array; name: string; type: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  if (file)
    form.append("product_cover_img", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
  return form;
}

function messagesOf(result: ReturnType<ReturnType<typeof gigSchema>["safeParse"]>) {
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("gig validation (the schema the form and the API share)", () => {
  const base = { ...valid({ id: "g", modeId: "m" }, "p") };
  it.each([
    [{ product_title: "x".repeat(67) }, "USD", GIG_COPY.titleTooLong],
    [{ product_title: "  " }, "USD", GIG_COPY.titleRequired],
    [{ price: "4.99" }, "USD", "Price should be greater than $5"],
    [{ price: "99" }, "INR", "Price should be greater than ₹100"],
    [{ price: "5.123" }, "USD", GIG_COPY.priceFormat],
    [{ requirements: [{ key: "Rank", value: "" }] }, "USD", "Please fill all the requirements"],
    [{ product_desc: "x".repeat(3001) }, "USD", GIG_COPY.descriptionTooLong],
  ] as const)("%o in %s says %s", (patch, currency, message) => {
    expect(messagesOf(gigSchema(currency).safeParse({ ...base, ...patch }))).toContain(message);
  });

  it("accepts the minimum prices and trims tags without duplicates", () => {
    expect(gigSchema("USD").safeParse({ ...base, price: "5" }).success).toBe(true);
    expect(gigSchema("INR").safeParse({ ...base, price: "100" }).success).toBe(true);
    expect(normaliseTags(["  fps ", "FPS", "ranked,  duo ,", "", { name: "chill" }])).toEqual([
      "fps",
      "ranked",
      "duo",
      "chill",
    ]);
    expect(priceToMinor("12.5")).toBe(1250);
    expect(priceToMinor("100")).toBe(10000);
    // 100 INR at 84 INR/USD = 1.190476... USD -> 119 cents, rounded once.
    expect(toUsdMinor(10000, "INR", 84_000_000)).toBe(119);
  });
});

describe("gigs through the page (multipart, no JavaScript needed)", () => {
  it("adds a gig with a cover image, stored in USD minor units, and lists it", async () => {
    const { cookie, game, platformId } = await streamerWithGame();
    const form = multipart(
      {
        ...valid(game, platformId),
        session_tags: ["fps", " fps ", "ranked"],
        "requirements[0].key": "Rank",
        "requirements[0].value": "Gold",
      },
      { bytes: PNG_BYTES, name: "cover.png", type: "image/png" },
    );
    const added = await request("/influencer/products/new", {
      method: "POST",
      body: form,
      headers: { Cookie: cookie },
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/influencer/products");
    const list = await request("/api/get/products/me", { headers: { Cookie: cookie } });
    expect(list.status).toBe(403);
    const page = await request("/influencer/products", { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(html).toContain("Ranked duos with me");
    expect(html).toMatch(/\/media\/gigs\/[a-z0-9]+\.png/);
  });

  it("refuses a fake image, a mode of another game, and answers the product's messages", async () => {
    const { cookie, game, platformId } = await streamerWithGame();
    const fake = multipart(valid(game, platformId), {
      bytes: new TextEncoder().encode("not an image"),
      name: "x.png",
      type: "image/png",
    });
    const refused = await request("/influencer/products/new", {
      method: "POST",
      body: fake,
      headers: { Cookie: cookie },
    });
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain("Please select a valid image file");
    const cheap = await request("/influencer/products/new", {
      method: "POST",
      body: multipart({ ...valid(game, platformId), price: "3" }),
      headers: { Cookie: cookie },
    });
    expect(cheap.status).toBe(400);
    expect(await cheap.text()).toContain("Price should be greater than $5");
    const other = await streamerWithGame();
    const wrongMode = await request("/api/influencer/add/product", {
      method: "POST",
      body: JSON.stringify({ ...valid(game, platformId), _game_mode_id: other.game.modeId }),
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: "http://localhost" },
    });
    expect(wrongMode.status).toBe(422);
    expect(await wrongMode.json()).toMatchObject({ success: false, message: GIG_COPY.modeNotOfGame });
  });

  it("keeps an INR price exactly as typed (docs/decisions/020)", async () => {
    await setUsdInrRate(env.DB, 84_000_000);
    const { streamer, cookie, game, platformId } = await streamerWithGame({ country: "IN" });
    const response = await request("/api/influencer/add/product", {
      method: "POST",
      body: JSON.stringify({ ...valid(game, platformId), price: "420" }),
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: "http://localhost" },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      product: { price: number; baseCurrency: string; _influencer_id: string };
    };
    expect(body.product).toMatchObject({
      price: 42_000,
      currency: "INR",
      baseCurrency: "INR",
      _influencer_id: streamer.id,
    });
    // Its USD figure, for sorting by price only: 420 / 84 = $5.
    const row = await env.DB.prepare("SELECT price_minor, list_price_minor FROM products WHERE influencer_id = ?")
      .bind(streamer.id)
      .first();
    expect(row).toEqual({ price_minor: 500, list_price_minor: 42_000 });
  });
});

describe("archive, unarchive and delete", () => {
  it("archived gigs leave browse and search at once, and come back when unarchived", async () => {
    const { cookie, game, platformId } = await streamerWithGame();
    const title = "Zzyzx unique quokka gig";
    const created = await request("/api/influencer/add/product", {
      method: "POST",
      body: JSON.stringify({ ...valid(game, platformId), product_title: title }),
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: "http://localhost" },
    });
    const { product: gig } = (await created.json()) as { product: { _id: string } };
    const inBrowse = async () => {
      const body = (await (await request(`/api/get/GigsForScroll?selectedGame=${game.id}`)).json()) as {
        data: { _id: string }[];
      };
      return body.data.some((row) => row._id === gig._id);
    };
    const inSearch = async () => {
      const body = (await (await request("/api/get/stars_gigs_search?searchQuery=quokka")).json()) as {
        data: { _id: string }[];
      };
      return body.data.some((hit) => hit._id === gig._id);
    };
    expect([await inBrowse(), await inSearch()]).toEqual([true, true]);
    // Archiving asks first (app/lib/confirm.ts): without confirm=yes the gig stays listed.
    const asked = await request("/influencer/products", {
      method: "POST",
      body: new URLSearchParams({ intent: "archive", gigId: gig._id, title }),
      headers: { Cookie: cookie, Origin: "http://localhost" },
    });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Yes, archive");
    expect([await inBrowse(), await inSearch()]).toEqual([true, true]);
    const archived = await request("/influencer/products", {
      method: "POST",
      body: new URLSearchParams({ intent: "archive", gigId: gig._id, confirm: "yes" }),
      headers: { Cookie: cookie, Origin: "http://localhost" },
    });
    expect(archived.headers.get("Location")).toBe("/influencer/products?tab=inactive");
    expect([await inBrowse(), await inSearch()]).toEqual([false, false]);
    expect((await request(`/gig/${gig._id}`)).status).toBe(404);
    const inactive = await request("/influencer/products?tab=inactive&filter=quokka", { headers: { Cookie: cookie } });
    expect(await inactive.text()).toContain(title);
    const unarchived = await request(`/api/post/influencer/unarchive-gig/${gig._id}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost" },
    });
    expect(unarchived.status).toBe(200);
    expect([await inBrowse(), await inSearch()]).toEqual([true, true]);
  });

  it("refuses to delete a gig with bookings (archive instead); deletes an unbooked one and lands on /influencer/products", async () => {
    const { streamer, cookie, game, platformId } = await streamerWithGame();
    const headers = { Cookie: cookie, "Content-Type": "application/json", Origin: "http://localhost" };
    const make = async () => {
      const res = await request("/api/influencer/add/product", {
        method: "POST",
        body: JSON.stringify(valid(game, platformId)),
        headers,
      });
      return ((await res.json()) as { product: { _id: string } }).product._id;
    };
    const booked = await make();
    const slot = await createSlot(env.DB, streamer.id, booked, new Date(Date.now() + 86_400_000));
    const { fan } = await loggedInFan();
    await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, "confirmed");
    const refused = await request(`/api/influencer/delete/product/${booked}`, { method: "POST", headers });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ success: false, message: GIG_COPY.deleteHasBookings });
    const unbooked = await make();
    await createSlot(env.DB, streamer.id, unbooked, new Date(Date.now() + 2 * 86_400_000));
    const deleted = await request("/influencer/products", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", gigId: unbooked, confirm: "yes" }),
      headers: { Cookie: cookie, Origin: "http://localhost" },
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/influencer/products");
    expect((await request(`/api/get/product/${unbooked}`, { headers })).status).toBe(404);
  });
});

describe("archiving a gig with upcoming bookings", () => {
  it("says how many bookings stay, on the list and in the question asked without JavaScript", async () => {
    const { streamer, cookie, game } = await streamerWithGame();
    const gig = await createGig(env.DB, streamer.id, game, { title: "Booked ahead" });
    const future = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + 86_400_000), { seats: 4 });
    const past = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() - 86_400_000), { seats: 4 });
    const [a, b, c] = [await loggedInFan(), await loggedInFan(), await loggedInFan()];
    await createBooking(env.DB, { id: future.id, influencerId: streamer.id }, a.fan.id, "confirmed");
    await createBooking(env.DB, { id: future.id, influencerId: streamer.id }, b.fan.id, "confirmed");
    // Neither a hold, nor a played session, counts.
    await createBooking(env.DB, { id: future.id, influencerId: streamer.id }, c.fan.id, "held");
    await createBooking(env.DB, { id: past.id, influencerId: streamer.id }, c.fan.id, "confirmed");

    const list = await (await request("/influencer/products", { headers: { Cookie: cookie } })).text();
    expect(list).toContain(GIG_COPY.upcomingBookings(2));
    const asked = await request("/influencer/products", {
      method: "POST",
      body: new URLSearchParams({ intent: "archive", gigId: gig.id, title: "Booked ahead" }),
      headers: { Cookie: cookie, Origin: "http://localhost" },
    });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Its 2 upcoming bookings stay");
  });
});

describe("editing a gig", () => {
  it("updates through the edit page and refuses another streamer's gig", async () => {
    const { streamer, cookie, game, platformId } = await streamerWithGame();
    const gig = await createGig(env.DB, streamer.id, game, { title: "Before edit" }, ["old"]);
    const page = await request(`/influencer/products/${gig.id}/edit`, { headers: { Cookie: cookie } });
    expect(await page.text()).toContain("Before edit");
    const saved = await request(`/influencer/products/${gig.id}/edit`, {
      method: "POST",
      body: multipart({ ...valid(game, platformId), product_title: "After edit", session_tags: "new, tags" }),
      headers: { Cookie: cookie },
    });
    expect(saved.status).toBe(302);
    const api = await request(`/api/get/product/${gig.id}`, { headers: { Cookie: cookie } });
    expect(await api.json()).toMatchObject({
      product: { product_title: "After edit", price: 1250, session_tags: [{ name: "new" }, { name: "tags" }] },
    });
    const intruder = await streamerWithGame();
    expect(
      (await request(`/influencer/products/${gig.id}/edit`, { headers: { Cookie: intruder.cookie } })).status,
    ).toBe(403);
    const refused = await request(`/influencer/products/${gig.id}/edit`, {
      method: "POST",
      body: multipart({ ...valid(game, platformId), product_title: "Hijack" }),
      headers: { Cookie: intruder.cookie },
    });
    expect(refused.status).toBe(403);
  });

  it("the gig form's platform list names each platform once, though several games are played on it", async () => {
    const { cookie, platformId } = await streamerWithGame();
    // Another game on the same platform: before a game is chosen (or without JavaScript) every game's platforms show.
    await streamerWithGame();
    await env.DB.prepare(
      "INSERT OR IGNORE INTO game_platforms (game_id, platform_id) SELECT id, ? FROM games WHERE id NOT IN (SELECT game_id FROM game_platforms WHERE platform_id = ?) LIMIT 1",
    )
      .bind(platformId, platformId)
      .run();
    const shared = await env.DB.prepare("SELECT count(*) AS n FROM game_platforms WHERE platform_id = ?")
      .bind(platformId)
      .first<{ n: number }>();
    expect(shared?.n).toBeGreaterThan(1);
    const page = await readPage(await request("/influencer/products/new", { headers: { Cookie: cookie } }));
    const values = page
      .all('select[name="_platform_playing_on_id"] option')
      .map((option) => option.getAttribute("value"))
      .filter(Boolean);
    expect(values.filter((value) => value === platformId)).toHaveLength(1);
    expect(new Set(values).size).toBe(values.length);
  });
});
