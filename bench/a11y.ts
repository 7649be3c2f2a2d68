/**
 * Lighthouse's accessibility score of every public page (the signed-out pages of tests/e2e/site-pages.ts, the list
 * the phone walk and the axe test use), at its default mobile settings, against a running app with the demo data
 * (`npm run dev`, or BASE_URL). Prints each page's score and failed audits; exits 1 when a page scores under 100.
 * The axe test (tests/e2e/a11y.test.ts) holds the same pages to zero axe findings in CI; this is the check with
 * Lighthouse itself (docs/bench/a11y.md).
 *
 * Runs with Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH): `npm run bench:a11y`.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { SITE_PAGES, type SiteIds } from "../tests/e2e/site-pages";

const base = (process.env.BASE_URL ?? "http://localhost:5173").replace(/\/$/, "");

/** The demo data's gig, game and live session, as the browse and home pages link them. */
async function demoIds(): Promise<SiteIds> {
  const linked = async (path: string, pattern: RegExp) =>
    pattern.exec(await (await fetch(`${base}${path}`)).text())?.[1];
  const gig = await linked("/star/usr_demo_influencer", /href="\/gig\/([^"/?#]+)"/);
  const game = await linked("/", /href="\/game\/([^"/?#]+)"/);
  const live = (await linked("/", /href="\/live\/([^"/?#]+)"/)) ?? null;
  if (!gig || !game) throw new Error(`no demo gig or game at ${base}: run npm run dev (it seeds the demo data)`);
  return { gig, game, live, order: "", payoutStar: "", ownLive: null, draftPayoutStar: "" };
}

const paths = SITE_PAGES.anonymous(await demoIds());
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
const below: string[] = [];
const skipped: string[] = [];
try {
  for (const path of paths) {
    const run = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["accessibility"],
    });
    if (!run) throw new Error(`no Lighthouse result for ${path}`);
    const { categories, audits, runtimeError } = run.lhr;
    if (runtimeError) {
      // Lighthouse audits only pages that load (a 404 or 400 page is refused): the axe test covers those.
      console.log(`n/a  ${path}  not audited: ${runtimeError.code}`);
      skipped.push(path);
      continue;
    }
    const score = Math.round((categories.accessibility?.score ?? 0) * 100);
    const failed = (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => ref.id);
    console.log(`${String(score).padStart(3)}  ${path}${failed.length > 0 ? `  failed: ${failed.join(", ")}` : ""}`);
    if (score < 100) below.push(path);
  }
} finally {
  chrome.kill();
}
const audited = paths.length - skipped.length;
console.log(
  below.length === 0
    ? `Lighthouse accessibility 100 on all ${audited} public pages it audits (${skipped.length} error pages it refuses)`
    : `${below.length} of ${audited} public pages under 100: ${below.join(" ")}`,
);
process.exit(below.length === 0 ? 0 : 1);
