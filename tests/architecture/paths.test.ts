import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot, ROOT, sourceFiles } from "./scanner";

/**
 * The product's URLs that many places build (a gig, a streamer, a live session, a game, a fan's order) come from
 * app/lib/paths.ts: this test refuses a template literal that builds one of them by hand anywhere else in app/.
 */
const HAND_BUILT = /`\/(?:gig|star|live|game|profile\/orders)\/\$\{/g;

function handBuilt(source: string): number {
  return source.match(HAND_BUILT)?.length ?? 0;
}

describe("URLs built by their path helper", () => {
  it("finds a hand-built URL (the scanner itself)", () => {
    const planted = [
      "const a = `/gig/${gig.id}`; const b = gigPath(gig.id);",
      "const c = `${livePath(id)}?x=1`; const d = `/profile/orders/${order.id}/cancel`;",
      'const e = "/gig/new"; const f = `/games/${id}`;',
    ].join("\n");
    expect(handBuilt(planted)).toBe(2);
  });

  it("no module of app/ builds a gig, streamer, live, game or order URL by hand", () => {
    const found = sourceFiles(join(ROOT, "app"), { tests: false })
      .filter((file) => !file.endsWith("app/lib/paths.ts"))
      .filter((file) => handBuilt(readFileSync(file, "utf8")) > 0)
      .map(fromRoot);
    expect(found).toEqual([]);
  });
});
