import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** Where the local stand-ins live: one subfolder or file per outside service. */
export const STAND_INS_DIR = "app/platform/stand-ins";

/**
 * One marker per stand-in: a string its code carries into any bundle it lands in (a page's text, a key, an error
 * message), and that no other source file holds (scripts/build-checks.test.ts checks both), keyed by the stand-in's
 * subfolder or file under STAND_INS_DIR.
 */
export const STAND_IN_MARKERS: Record<string, string> = {
  chat: "dev-chat/", // the bucket prefix the bot's recorded replies are kept under
  discord: "dev-discord/", // the bucket prefix its messages are kept under
  email: "dev-outbox-control/fail-next", // its failure switch's key
  "exchange-rates.ts": "noobrd local stand-in", // the provider its answers name
  oauth: "noobrd-stand-in-oauth", // its signing purpose
  push: "dev-push-control/gone/", // its gone switch's key prefix
  stripe: "Stripe stand-in (test mode)", // its hosted checkout page
  turnstile: "turnstile-stand-in", // the prefix of its tokens
  "video-details.ts": "Stand-in live stream", // the title of its oEmbed answers
};

/** Files under STAND_INS_DIR shared by stand-ins, loaded only with one of them (whose marker then shows). */
export const STAND_IN_SHARED = ["outbox.ts"];

export function filesUnder(dir: string, name: RegExp): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path, name) : name.test(entry) ? [path] : [];
  });
}

/** Each stand-in's marker found in the given files: `path: stand-in (marker)`. */
export function standInTraces(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    Object.entries(STAND_IN_MARKERS)
      .filter(([, marker]) => text.includes(marker))
      .map(([standIn, marker]) => `${path}: ${standIn} (${marker})`),
  );
}

/** The stand-ins traced in a built server bundle (its JavaScript files under `dir`). */
export function bundleTraces(dir: string): { files: number; traces: string[] } {
  const files = filesUnder(dir, /\.(m?js|cjs)$/);
  return {
    files: files.length,
    traces: standInTraces(files.map((path) => ({ path, text: readFileSync(path, "utf8") }))),
  };
}
