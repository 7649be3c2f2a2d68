import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { markCatalogueChanged } from "../catalogue-version.server";
import { getDb } from "../db.server";
import { EDGE_CACHE, EDGE_CACHE_MEMORY, isAnonymous, normalisedSearch, serveWithEdgeCache } from "./cache.server";

const cacheEnv = { ...env, EDGE_CACHE: "on" };

/** A page whose body says which render produced it. */
function pageRenderer(init: ResponseInit = {}) {
  const calls = { count: 0 };
  const render = async (nonce: string) => {
    calls.count += 1;
    return new Response(`<html><script nonce="${nonce}">render ${calls.count}</script></html>`, {
      ...init,
      headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers },
    });
  };
  return { render, calls };
}

async function serve(
  url: string,
  render: (nonce: string) => Promise<Response>,
  cache: Cache,
  at: number,
  headers: HeadersInit = {},
  variant = "USD",
) {
  const ctx = createExecutionContext();
  const nonce = `n${at}`;
  const response = await serveWithEdgeCache({
    request: new Request(url, { headers }),
    env: cacheEnv,
    ctx,
    variant,
    variantCookies: ["tz"],
    nonce,
    newNonce: () => `refresh${at}`,
    render: (renderNonce) => render(renderNonce),
    cache,
    now: () => at,
  });
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.headers.get("X-Edge-Cache"), body, response };
}

/**
 * The same data centre's cache seen through another object (so another isolate's memory, which is kept per cache
 * object), counting the lookups that reach the Cache API tier.
 */
function countingLookups(shared: Cache) {
  const lookups = { count: 0 };
  const cache = new Proxy(shared, {
    get(target, property) {
      if (property === "match") {
        return (request: Request, options?: CacheQueryOptions) => {
          lookups.count += 1;
          return target.match(request, options);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { cache, lookups };
}

describe("serveWithEdgeCache", () => {
  it("is fresh for its window, then stale while one background render refreshes it, then gone", async () => {
    await markCatalogueChanged(getDb(env));
    const cache = await caches.open("edge-cache-unit-swr");
    const { render, calls } = pageRenderer();
    const url = "https://noobrd.test/browse?filter=gigs";
    const t0 = 1_000_000;
    const fresh = EDGE_CACHE.freshSeconds * 1000;
    const stale = EDGE_CACHE.staleSeconds * 1000;

    expect(await serve(url, render, cache, t0)).toMatchObject({
      status: "MISS",
      body: expect.stringContaining("render 1"),
    });
    const hit = await serve(url, render, cache, t0 + fresh - 1);
    expect(hit).toMatchObject({ status: "HIT", body: expect.stringContaining("render 1") });
    expect(hit.body).toContain(`nonce="n${t0 + fresh - 1}"`); // this response's nonce, not the stored one
    expect(calls.count).toBe(1);

    const served = await serve(url, render, cache, t0 + fresh + 1);
    expect(served).toMatchObject({ status: "STALE", body: expect.stringContaining("render 1") });
    expect(calls.count).toBe(2); // refreshed in ctx.waitUntil
    expect(await serve(url, render, cache, t0 + fresh + 2)).toMatchObject({
      status: "HIT",
      body: expect.stringContaining("render 2"),
    });

    const later = t0 + fresh + 2 + fresh + stale + 1;
    expect(await serve(url, render, cache, later)).toMatchObject({
      status: "MISS",
      body: expect.stringContaining("render 3"),
    });
  });

  it("serves a copy another isolate stored (the Cache API tier) with this response's nonce and headers", async () => {
    await markCatalogueChanged(getDb(env));
    const shared = await caches.open("edge-cache-unit-tiers");
    // Two isolates share the data centre's cache but not their memory (kept per cache object): a second object
    // over the same cache stands for the other isolate.
    const { cache: otherIsolate, lookups } = countingLookups(shared);
    const { render, calls } = pageRenderer({ headers: { "Cache-Control": "public, max-age=60" } });
    const url = "https://noobrd.test/game/gam_tiers";
    const t0 = 2_000_000;
    expect((await serve(url, render, shared, t0)).status).toBe("MISS");
    const fromDataCentre = await serve(url, render, otherIsolate, t0 + 1);
    expect(fromDataCentre.status).toBe("HIT");
    expect(calls.count).toBe(1);
    expect(fromDataCentre.body).toBe(`<html><script nonce="n${t0 + 1}">render 1</script></html>`);
    // The page's own Cache-Control comes back; the store's bookkeeping headers do not.
    expect(fromDataCentre.response.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect([...fromDataCentre.response.headers.keys()].filter((name) => name.startsWith("x-edge-"))).toEqual([
      "x-edge-cache",
    ]);
    // Now in that isolate's memory too: the next hit does not ask the Cache API.
    expect(lookups.count).toBe(1);
    expect((await serve(url, render, otherIsolate, t0 + 2)).body).toContain(`nonce="n${t0 + 2}"`);
    expect(lookups.count).toBe(1);
  });

  it("sends a stored page gzip-compressed, with this response's nonce, to a visitor who takes gzip", async () => {
    await markCatalogueChanged(getDb(env));
    const cache = await caches.open("edge-cache-unit-gzip");
    const filler = Array.from({ length: 400 }, (_, i) => `<li>gig ${i} é</li>`).join("");
    const page = (nonce: string, n: number) =>
      `<html><head><script nonce="${nonce}">a</script></head><body>${filler}<script nonce="${nonce}">render ${n}</script></body></html>`;
    const calls = { count: 0 };
    const render = async (nonce: string) => {
      calls.count += 1;
      return new Response(page(nonce, calls.count), { headers: { "Content-Type": "text/html; charset=utf-8" } });
    };
    const url = "https://noobrd.test/star/usr_gzip";
    const gzip = { "Accept-Encoding": "gzip, deflate, br" };
    expect((await serve(url, render, cache, 7_000, gzip)).response.headers.get("Content-Encoding")).toBeNull();

    const ctx = createExecutionContext();
    const hit = await serveWithEdgeCache({
      request: new Request(url, { headers: gzip }),
      env: cacheEnv,
      ctx,
      variant: "USD",
      nonce: "fresh-nonce",
      newNonce: () => "unused",
      render,
      cache,
      now: () => 7_001,
    });
    await waitOnExecutionContext(ctx);
    expect(hit.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(hit.headers.get("Content-Encoding")).toBe("gzip");
    expect(hit.headers.get("Vary")).toContain("Accept-Encoding");
    const compressed = await hit.arrayBuffer();
    expect(compressed.byteLength).toBeLessThan(page("fresh-nonce", 1).length / 4);
    const text = await new Response(
      new Blob([compressed]).stream().pipeThrough(new DecompressionStream("gzip")),
    ).text();
    expect(text).toBe(page("fresh-nonce", 1));
    expect(calls.count).toBe(1);

    // Without gzip in Accept-Encoding (or with it refused), the same entry is sent as it is.
    for (const headers of [{}, { "Accept-Encoding": "gzip;q=0, br" }] as Record<string, string>[]) {
      const plain = await serve(url, render, cache, 7_002, headers);
      expect(plain.response.headers.get("Content-Encoding")).toBeNull();
      expect(plain.response.headers.get("Vary")).toContain("Accept-Encoding");
      expect(plain.body).toBe(page("n7002", 1));
    }
    // A small answer is not worth compressing.
    const small = pageRenderer();
    await serve("https://noobrd.test/game/small", small.render, cache, 7_003, gzip);
    const smallHit = await serve("https://noobrd.test/game/small", small.render, cache, 7_004, gzip);
    expect(smallHit.status).toBe("HIT");
    expect(smallHit.response.headers.get("Content-Encoding")).toBeNull();
  });

  it("keeps at most its entry limit in this isolate's memory, the least recently used going first", async () => {
    await markCatalogueChanged(getDb(env));
    const shared = await caches.open("edge-cache-unit-memory");
    const { cache, lookups } = countingLookups(shared);
    const { render } = pageRenderer();
    const url = (i: number) => `https://noobrd.test/gig/memory${i}`;
    const limit = EDGE_CACHE_MEMORY.maxEntries;
    for (let i = 0; i <= limit; i++) expect((await serve(url(i), render, cache, 9_000)).status).toBe("MISS");
    const asked = lookups.count;
    // The newest are answered from memory, without asking the data centre's cache.
    expect((await serve(url(limit), render, cache, 9_001)).status).toBe("HIT");
    expect((await serve(url(1), render, cache, 9_001)).status).toBe("HIT");
    expect(lookups.count).toBe(asked);
    // The first one went out of memory when the limit was passed: the Cache API tier still has it.
    expect((await serve(url(0), render, cache, 9_001)).status).toBe("HIT");
    expect(lookups.count).toBe(asked + 1);
    // Bringing it back pushed out the least recently used (url 2), not url 1, which was just served.
    expect((await serve(url(1), render, cache, 9_002)).status).toBe("HIT");
    expect(lookups.count).toBe(asked + 1);
    expect((await serve(url(2), render, cache, 9_002)).status).toBe("HIT");
    expect(lookups.count).toBe(asked + 2);
  });

  it("never stores an answer that sets a cookie, is private, or is not a 200", async () => {
    const cache = await caches.open("edge-cache-unit-refusals");
    const cases: ResponseInit[] = [
      { headers: { "Set-Cookie": "toast=hello; Path=/" } },
      { headers: { "Cache-Control": "private, max-age=60" } },
      { headers: { "Cache-Control": "no-store" } },
      { status: 404 },
    ];
    for (const [index, init] of cases.entries()) {
      const { render, calls } = pageRenderer(init);
      const url = `https://noobrd.test/gig/g${index}`;
      expect((await serve(url, render, cache, 5_000)).status).toBe("MISS");
      expect((await serve(url, render, cache, 5_001)).status).toBe("MISS");
      expect(calls.count).toBe(2);
    }
  });

  it("renders without the cache for a visitor with a cookie of ours or a bearer token", async () => {
    const cache = await caches.open("edge-cache-unit-visitors");
    const { render, calls } = pageRenderer();
    const url = "https://noobrd.test/game/g1";
    await serve(url, render, cache, 9_000);
    const withSession = await serve(url, render, cache, 9_001, { Cookie: "session=abc" });
    const withBearer = await serve(url, render, cache, 9_002, { Authorization: "Bearer t" });
    expect([withSession.status, withBearer.status]).toEqual(["BYPASS", "BYPASS"]);
    expect(calls.count).toBe(3);
    expect((await serve(url, render, cache, 9_003, { Cookie: "__cf_bm=x" })).status).toBe("HIT");
  });
});

describe("what makes two requests the same page", () => {
  it("treats only the platform's own cookies as anonymous", () => {
    const request = (cookie: string) => new Request("https://noobrd.test/", { headers: { Cookie: cookie } });
    expect(isAnonymous(new Request("https://noobrd.test/"))).toBe(true);
    expect(isAnonymous(request("__cf_bm=1; cf_clearance=2"))).toBe(true);
    expect(isAnonymous(request("__cf_bm=1; session=2"))).toBe(false);
    expect(isAnonymous(request("d1_bookmark=x"))).toBe(false);
    expect(isAnonymous(request("toast=x"))).toBe(false);
    expect(isAnonymous(request("tz=Asia%2FKolkata"))).toBe(false);
    expect(isAnonymous(request("tz=Asia%2FKolkata; __cf_bm=1"), ["tz"])).toBe(true);
    expect(isAnonymous(request("tz=Asia%2FKolkata; session=2"), ["tz"])).toBe(false);
  });

  it("keeps one page per time zone: the tz cookie is in the variant, not a reason to bypass (docs/decisions/019)", async () => {
    await markCatalogueChanged(getDb(env));
    const cache = await caches.open("edge-cache-unit-zones");
    const { render, calls } = pageRenderer();
    const url = "https://noobrd.test/gig/zones";
    const kolkata = { Cookie: "tz=Asia%2FKolkata" };
    const newYork = { Cookie: "tz=America%2FNew_York" };
    expect((await serve(url, render, cache, 20_000, kolkata, "USD/Asia/Kolkata")).status).toBe("MISS");
    expect((await serve(url, render, cache, 20_001, newYork, "USD/America/New_York")).status).toBe("MISS");
    const again = await serve(url, render, cache, 20_002, kolkata, "USD/Asia/Kolkata");
    expect(again).toMatchObject({ status: "HIT", body: expect.stringContaining("render 1") });
    expect(calls.count).toBe(2);
  });

  it("sorts the query and drops campaign tags", () => {
    const search = (query: string) => normalisedSearch(new URL(`https://noobrd.test/browse${query}`));
    expect(search("?sortBy=lowToHigh&filter=gigs&utm_source=x&fbclid=y")).toBe("?filter=gigs&sortBy=lowToHigh");
    expect(search("?selectedTags=b&filter=gigs&selectedTags=a")).toBe("?filter=gigs&selectedTags=b&selectedTags=a");
    expect(search("")).toBe("");
  });
});
