import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withLogContext } from "../log.server";
import { HIT_TALLY, tallyHit, tallyIfHit, writeTallyIfDue } from "./hits.server";

const T0 = 1_800_000_000_000;

/** The JSON lines written while `run` runs. */
function linesOf(run: () => void): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((text: unknown) => lines.push(JSON.parse(String(text))));
  run();
  spy.mockRestore();
  return lines;
}

beforeEach(() => {
  // Whatever an earlier test left counted is written and forgotten.
  linesOf(() => writeTallyIfDue(Number.MAX_SAFE_INTEGER));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the edge cache's hit tally", () => {
  it("writes nothing per hit, then one line at the limit: counts, the paths hit most, and no request's context", () => {
    const lines = linesOf(() =>
      withLogContext({ requestId: "ray-1", route: "/" }, () => {
        for (let i = 0; i < HIT_TALLY.maxHits - 1; i++) {
          const path = i < 600 ? "/" : i < 900 ? "/browse" : `/gig/g${i}`;
          tallyHit(i % 100 === 0 ? "STALE" : "HIT", path, T0 + i);
        }
      }),
    );
    expect(lines).toEqual([]);
    const [line, ...more] = linesOf(() =>
      withLogContext({ requestId: "ray-2", route: "/star/s1" }, () => tallyHit("HIT", "/star/s1", T0 + 2_000)),
    );
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: "info", event: "edge_cache.hits", hits: 990, stale: 10, seconds: 2 });
    expect(line).not.toHaveProperty("requestId");
    expect(line).not.toHaveProperty("route");
    const paths = line?.paths as Record<string, number>;
    expect(Object.entries(paths).slice(0, 2)).toEqual([
      ["/", 600],
      ["/browse", 300],
    ]);
    expect(Object.keys(paths)).toHaveLength(HIT_TALLY.topPaths);
    const listed = Object.values(paths).reduce((sum, n) => sum + n, 0);
    expect(line?.otherHits).toBe(HIT_TALLY.maxHits - listed);
  });

  it("writes a quiet isolate's tally once it is maxMs old, on the next request, and starts a new one", () => {
    expect(linesOf(() => tallyHit("HIT", "/", T0))).toEqual([]);
    expect(linesOf(() => writeTallyIfDue(T0 + HIT_TALLY.maxMs - 1))).toEqual([]);
    const lines = linesOf(() => writeTallyIfDue(T0 + HIT_TALLY.maxMs));
    expect(lines).toEqual([expect.objectContaining({ event: "edge_cache.hits", hits: 1, stale: 0, otherHits: 0 })]);
    expect(linesOf(() => writeTallyIfDue(T0 + 10 * HIT_TALLY.maxMs))).toEqual([]);
  });

  it("counts an answer marked HIT or STALE instead of its request line, and lets any other answer write a due tally", () => {
    const answer = (status?: string) => new Response("ok", { headers: status ? { "X-Edge-Cache": status } : {} });
    expect(linesOf(() => expect(tallyIfHit(answer("HIT"), "/", T0)).toBe(true))).toEqual([]);
    expect(linesOf(() => expect(tallyIfHit(answer("STALE"), "/browse", T0 + 1)).toBe(true))).toEqual([]);
    expect(linesOf(() => expect(tallyIfHit(answer("MISS"), "/", T0 + 2)).toBe(false))).toEqual([]);
    const lines = linesOf(() => expect(tallyIfHit(answer(), "/api/x", T0 + HIT_TALLY.maxMs)).toBe(false));
    expect(lines).toEqual([expect.objectContaining({ event: "edge_cache.hits", hits: 1, stale: 1 })]);
  });
});
