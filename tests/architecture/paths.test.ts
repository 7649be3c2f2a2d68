import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot, ROOT, sourceFiles } from "./scanner";

/**
 * The product's URLs that many places build come from their path helper: a gig, a streamer, a live session and a
 * game, and a streamer's live queue dashboard from app/lib/paths.server.ts (server-only: loaders and server modules build the hrefs, components render
 * them), a fan's order from app/lib/paths.ts. This test refuses one built by hand anywhere else in app/: a template
 * that starts with the page's path (`/gig/${…}`, or after an origin, `${origin}/gig/${…}`) or a string joined to an id
 * (`"/gig/" + id`).
 */
const PAGES = String.raw`(?:gig|star|live|game|profile\/orders|influencer\/live\/session)`;
const HAND_BUILT = [
  new RegExp(String.raw`[\`}]\/${PAGES}\/\$\{`, "g"),
  new RegExp(String.raw`["'\`]\/${PAGES}\/["'\`]\s*\+`, "g"),
];
const HELPERS = ["app/lib/paths.server.ts", "app/lib/paths.ts"];

function handBuilt(source: string): number {
  return HAND_BUILT.reduce((sum, pattern) => sum + (source.match(pattern)?.length ?? 0), 0);
}

describe("URLs built by their path helper", () => {
  it("finds a hand-built URL (the scanner itself)", () => {
    const planted = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source
      "const a = `/gig/${gig.id}`; const b = gigPath(gig.id);",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source
      "const c = `${livePath(id)}?x=1`; const d = `/profile/orders/${order.id}/cancel`;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source
      "const e = `${origin}/star/${streamer.id}`; const f = '/game/' + game.id;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source
      'const g = "/gig/new"; const h = `/games/${id}`; const i = `/influencer/gig/${id}`;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source
      "<Link to={`/live/${session.id}`}>",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source
      "<Link to={`/influencer/live/session/${viewer.liveSessionId}?confirm=end`}>",
    ].join("\n");
    expect(handBuilt(planted)).toBe(6);
  });

  it("no module of app/ builds a gig, streamer, live, game or order URL by hand", () => {
    const found = sourceFiles(join(ROOT, "app"), { tests: false })
      .map(fromRoot)
      .filter((file) => !HELPERS.includes(file))
      .filter((file) => handBuilt(readFileSync(join(ROOT, file), "utf8")) > 0);
    expect(found).toEqual([]);
  });

  it("the page helpers stay out of the browser: no component or shared module imports paths.server", () => {
    // React Router's build refuses a .server import a client module keeps; this names the modules before a build.
    const found = sourceFiles(join(ROOT, "app"), { tests: false })
      .map(fromRoot)
      .filter((file) => !/\.server\.tsx?$/.test(file) && !file.startsWith("app/routes/") && file !== "app/root.tsx")
      .filter((file) => /from "~\/lib\/paths\.server"/.test(readFileSync(join(ROOT, file), "utf8")));
    expect(found).toEqual([]);
  });
});
