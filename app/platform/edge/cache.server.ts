import { type EdgeState, readEdgeState } from "../catalogue-version.server";
import { getDb } from "../db.server";
import { log } from "../log.server";
import { encodedResponse, withHeaders } from "../response";
import { acceptsGzip, type GzipTemplate, gzipFill, gzipTemplate } from "./gzip-splice";

/**
 * The edge cache for anonymous catalogue pages and public Browse API answers (docs/decisions/012-edge-cache-and-read-replicas.md).
 *
 * - Only GETs of the paths below, from a visitor with no cookie of ours and no Authorization header, and
 *   only while the site gate is off. Cookies whose value the variant already carries (the `tz` client hint,
 *   docs/decisions/019-viewer-time-zone.md) do not make a visitor known.
 * - Keyed by the catalogue version, the variant (display currency and the viewer's time zone: cached pages show
 *   times) and the URL with its query sorted; fresh for
 *   FRESH_SECONDS, then served stale for up to STALE_SECONDS more while a background render
 *   (`ctx.waitUntil`) refreshes it.
 * - Only a 200 without Set-Cookie and without `private`/`no-store` is stored; the CSP nonce of a cached
 *   page is replaced by this response's own nonce when it is served.
 * - A stored answer of at least GZIP_MIN_BYTES is kept in memory gzip-compressed (compressed once per isolate), and
 *   a visitor whose Accept-Encoding takes gzip gets those bytes as they are, with this response's nonce spliced
 *   in uncompressed (./gzip-splice.ts): a hit compresses nothing and copies a fifth of the bytes. Anyone else gets
 *   it decompressed on the way out.
 * - Two tiers: a small copy in this isolate's memory (most hits: no Cache API round trip) in front
 *   of the data centre's Cache API (shared by every isolate there). Both are keyed alike, so a new version
 *   misses both.
 */
export const EDGE_CACHE = { freshSeconds: 30, staleSeconds: 300 } as const;

/** Pages (and their `.data` twins, which client-side navigation fetches) and public read APIs. */
const CACHEABLE_PATHS: RegExp[] = [
  /^\/(?:_root\.data)?$/,
  /^\/browse(?:\.data)?$/,
  /^\/(?:gig|star|game)\/[^/]+(?:\.data)?$/,
  /^\/(?:about-us|cancellation-policy|privacy-policy|terms-of-service|contact-us)(?:\.data)?$/,
  /^\/api\/get\/(?:influencers|admin\/games|game\/[^/]+|platforms|game-modes\/[^/]+|gamemode\/[^/]+|banners|landingGames|mostPopularStars|mostPopularProducts|upcomingSessionsHomePage|livesessions\/active\/[^/]+|liveSessions|GigsForScroll|GamesForScroll|CreatorsForScroll|PaginatedGigs|PaginatedStars|paginatedGames|stars_gigs_search|liveSessionTags\/[^/]+|privacy-policy|terms-of-service|Faqs|user\/termsAndPrivacy)$/,
  /^\/api\/get-hash-tags$/,
];

/** Cookies set by the platform in front of the app (bot management, load balancing): they say nothing about the visitor. */
const FOREIGN_COOKIES = new Set(["__cf_bm", "cf_clearance", "__cflb", "__cfruid"]);

const KEY_ORIGIN = "https://edge-cache.noobrd.internal";
const STORED_AT = "X-Edge-Stored-At";
const STORED_NONCE = "X-Edge-Nonce";
const ORIGINAL_CACHE_CONTROL = "X-Edge-Cache-Control";
export const EDGE_CACHE_STATUS = "X-Edge-Cache";

type EdgeCacheStatus = "HIT" | "STALE" | "MISS" | "BYPASS";

function isCacheablePath(pathname: string): boolean {
  return CACHEABLE_PATHS.some((pattern) => pattern.test(pathname));
}

/**
 * True when the request says nothing about who is asking: no cookie of ours, no bearer token. `variantCookies`
 * are cookies of ours whose value the cache key's variant carries (they say where, not who).
 */
export function isAnonymous(request: Request, variantCookies: readonly string[] = []): boolean {
  if (request.headers.has("Authorization")) return false;
  const cookie = request.headers.get("Cookie");
  if (!cookie) return true;
  return cookie
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .every((name) => name === "" || FOREIGN_COOKIES.has(name) || variantCookies.includes(name));
}

/** The query with its parameters sorted by name (stable, so repeated names keep their order). */
export function normalisedSearch(url: URL): string {
  const params = [...url.searchParams].filter(([name]) => !/^utm_|^(?:fbclid|gclid)$/.test(name));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(params).toString();
  return search ? `?${search}` : "";
}

/** Pages and calls that show seats left on slots: their keys also carry the availability version. */
const SHOWS_SEATS: RegExp[] = [
  /^\/(?:_root\.data)?$/,
  /^\/(?:gig|star)\/[^/]+(?:\.data)?$/,
  /^\/api\/get\/upcomingSessionsHomePage$/,
];

function showsSeats(pathname: string): boolean {
  return SHOWS_SEATS.some((pattern) => pattern.test(pathname));
}

/** The key's URL (the Cache API takes it as a Request, made only when that tier is asked). */
function edgeCacheKey(url: URL, state: Pick<EdgeState, "version" | "availability">, variant: string): string {
  const versions = showsSeats(url.pathname) ? `v${state.version}.a${state.availability}` : `v${state.version}`;
  const search = url.search ? normalisedSearch(url) : "";
  return `${KEY_ORIGIN}/${versions}/${encodeURIComponent(variant)}${url.pathname}${search}`;
}

function storable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return !/private|no-store|no-cache/i.test(cacheControl);
}

/** The copy kept in the Cache API: the response, its render time and nonce, kept for fresh + stale. */
function forStorage(response: Response, nonce: string, now: number): Response {
  const headers = new Headers(response.headers);
  const original = headers.get("Cache-Control");
  if (original) headers.set(ORIGINAL_CACHE_CONTROL, original);
  headers.set("Cache-Control", `public, max-age=${EDGE_CACHE.freshSeconds + EDGE_CACHE.staleSeconds}`);
  headers.set(STORED_AT, String(now));
  headers.set(STORED_NONCE, nonce);
  headers.delete(EDGE_CACHE_STATUS);
  return new Response(response.body, { status: response.status, headers });
}

/** Smaller answers are not worth compressing (Cloudflare's own threshold is of this order). */
const GZIP_MIN_BYTES = 1024;

/**
 * A stored answer, ready to serve many times: the headers a visitor gets, and the body split at its nonce
 * attributes (an HTML page; React writes every nonce as `nonce="…"`), so serving it puts this response's nonce
 * between the parts. Kept compressed (a gzip template) unless it is too small to be worth it.
 */
type Entry = {
  status: number;
  headers: [string, string][];
  storedAt: number;
  body: { gzip: GzipTemplate } | { parts: Uint8Array[] | ArrayBuffer };
  bytes: number;
};

async function toEntry(cached: Response): Promise<Entry> {
  const headers = new Headers(cached.headers);
  const storedNonce = headers.get(STORED_NONCE);
  const storedAt = Number(headers.get(STORED_AT) ?? 0);
  const original = headers.get(ORIGINAL_CACHE_CONTROL);
  for (const name of [STORED_NONCE, STORED_AT, ORIGINAL_CACHE_CONTROL, "CF-Cache-Status", "Content-Length"]) {
    headers.delete(name);
  }
  if (original) headers.set("Cache-Control", original);
  else headers.delete("Cache-Control");
  const html = storedNonce && (headers.get("Content-Type") ?? "").includes("text/html");
  const body = await cached.arrayBuffer();
  const parts = html
    ? new TextDecoder()
        .decode(body)
        .split(`nonce="${storedNonce}"`)
        .map((part) => encoder.encode(part))
    : body;
  const entry = { status: cached.status, headers: [...headers], storedAt };
  if (body.byteLength < GZIP_MIN_BYTES) return { ...entry, body: { parts }, bytes: body.byteLength };
  const gzip = gzipTemplate(Array.isArray(parts) ? parts : [new Uint8Array(parts)]);
  return { ...entry, body: { gzip }, bytes: gzip.bytes };
}

/** The stored answer as sent to a visitor, with this response's nonce, compressed if they take gzip. */
function fromEntry(entry: Entry, request: Request, nonce: string, status: EdgeCacheStatus): Response {
  const headers = new Headers(entry.headers);
  headers.set(EDGE_CACHE_STATUS, status);
  headers.append("Vary", "Accept-Encoding");
  const separator = encoder.encode(`nonce="${nonce}"`);
  if ("parts" in entry.body) {
    const { parts } = entry.body;
    return new Response(Array.isArray(parts) ? joinBytes(parts, separator) : parts, { status: entry.status, headers });
  }
  const compressed = gzipFill(entry.body.gzip, separator);
  if (acceptsGzip(request)) {
    headers.set("Content-Encoding", "gzip");
    return encodedResponse(compressed, { status: entry.status, headers });
  }
  // A client that takes no gzip (Cloudflare's edge always asks for it): decompressed as it is sent.
  const plain = new Blob([compressed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(plain, { status: entry.status, headers });
}

const encoder = new TextEncoder();

/** The parts with `separator` between them, in one buffer: one copy of bytes encoded once, not a 100 KB string per hit. */
function joinBytes(parts: Uint8Array[], separator: Uint8Array): Uint8Array<ArrayBuffer> {
  const size = parts.reduce((sum, part) => sum + part.byteLength, 0) + separator.byteLength * (parts.length - 1);
  const out = new Uint8Array(size);
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      out.set(separator, at);
      at += separator.byteLength;
    }
    out.set(part, at);
    at += part.byteLength;
  });
  return out;
}

/**
 * The isolate's own copies, least recently used first out: bounded by count and bytes (an isolate has 128 MB).
 * Per cache object, so a test passing a cache of its own starts empty.
 */
export const EDGE_CACHE_MEMORY = { maxEntries: 1000, maxBytes: 24 * 1024 * 1024 } as const;
type Memory = { entries: Map<string, Entry>; bytes: number };
const memories = new WeakMap<Cache, Memory>();

function memoryOf(cache: Cache): Memory {
  let memory = memories.get(cache);
  if (!memory) {
    memory = { entries: new Map(), bytes: 0 };
    memories.set(cache, memory);
  }
  return memory;
}

function remember(memory: Memory, key: string, entry: Entry) {
  forget(memory, key);
  memory.entries.set(key, entry);
  memory.bytes += entry.bytes;
  for (const [oldest, old] of memory.entries) {
    if (memory.entries.size <= EDGE_CACHE_MEMORY.maxEntries && memory.bytes <= EDGE_CACHE_MEMORY.maxBytes) break;
    memory.entries.delete(oldest);
    memory.bytes -= old.bytes;
  }
}

function forget(memory: Memory, key: string) {
  const old = memory.entries.get(key);
  if (!old) return;
  memory.entries.delete(key);
  memory.bytes -= old.bytes;
}

/** This isolate's copy, else the data centre's (then kept in memory too). */
async function lookup(cache: Cache, memory: Memory, key: string): Promise<Entry | null> {
  const mine = memory.entries.get(key);
  if (mine) {
    memory.entries.delete(key); // most recently used goes last
    memory.entries.set(key, mine);
    return mine;
  }
  const cached = await cache.match(new Request(key));
  if (!cached) return null;
  const entry = await toEntry(cached);
  remember(memory, key, entry);
  return entry;
}

function withStatus(response: Response, status: EdgeCacheStatus): Response {
  return withHeaders(response, (headers) => headers.set(EDGE_CACHE_STATUS, status));
}

/** Renders the page with a given CSP nonce (a background refresh renders with one of its own). */
type Render = (nonce: string, request: Request) => Promise<Response>;

export type EdgeCacheRequest = {
  request: Request;
  env: Env;
  ctx: ExecutionContext;
  /** What else changes the page for an anonymous visitor: the display currency and the time zone. */
  variant: string;
  /** Cookies whose value `variant` already carries: they keep a visitor anonymous. */
  variantCookies?: readonly string[];
  nonce: string;
  newNonce: () => string;
  render: Render;
  /** The cache to use (caches.default unless a test passes its own). */
  cache?: Cache;
  now?: () => number;
};

/** Background refreshes in flight in this isolate, so a burst of stale hits renders once. */
const refreshing = new Set<string>();

/**
 * Answers from the edge cache when it may, else renders (and stores the answer when it may).
 * The response carries `X-Edge-Cache: HIT | STALE | MISS | BYPASS`.
 */
export async function serveWithEdgeCache(options: EdgeCacheRequest): Promise<Response> {
  const { request, env, ctx, variant, nonce, render } = options;
  const url = new URL(request.url);
  if (request.method !== "GET" || !isCacheablePath(url.pathname)) return render(nonce, request);
  if (env.EDGE_CACHE === "off" || !isAnonymous(request, options.variantCookies)) {
    return withStatus(await render(nonce, request), "BYPASS");
  }
  const now = options.now ?? Date.now;
  const db = getDb(env);
  const state = await readEdgeState(db);
  if (state.gateEnabled) return withStatus(await render(nonce, request), "BYPASS");

  // The DOM lib's CacheStorage type (also loaded for the client code) lacks Cloudflare's `default`.
  const cache = options.cache ?? (caches as unknown as { default: Cache }).default;
  const key = edgeCacheKey(url, state, variant);
  const memory = memoryOf(cache);
  const store = async (renderNonce: string, renderRequest: Request): Promise<Response> => {
    const response = await render(renderNonce, renderRequest);
    if (!storable(response)) return response;
    const [forVisitor, forCache] = response.body ? response.body.tee() : [null, null];
    const init = { status: response.status, statusText: response.statusText, headers: response.headers };
    const stored = forStorage(new Response(forCache, init), renderNonce, now());
    ctx.waitUntil(
      (async () => {
        const [forMemory, forDataCentre] = [stored.clone(), stored];
        await cache.put(new Request(key), forDataCentre);
        remember(memory, key, await toEntry(forMemory));
      })(),
    );
    return new Response(forVisitor, init);
  };

  const cached = await lookup(cache, memory, key);
  if (cached) {
    const age = (now() - cached.storedAt) / 1000;
    if (age < EDGE_CACHE.freshSeconds) return fromEntry(cached, request, nonce, "HIT");
    if (age < EDGE_CACHE.freshSeconds + EDGE_CACHE.staleSeconds) {
      if (!refreshing.has(key)) {
        refreshing.add(key);
        ctx.waitUntil(
          // A request of its own: the visitor's may be aborted once their response is sent.
          store(options.newNonce(), new Request(request.url, { headers: request.headers }))
            .then((response) => response.body?.cancel())
            .catch((error: unknown) => log.error("edge_cache.refresh_failed", { url: key, error }))
            .finally(() => refreshing.delete(key)),
        );
      }
      return fromEntry(cached, request, nonce, "STALE");
    }
    forget(memory, key);
  }
  return withStatus(await store(nonce, request), "MISS");
}
