import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bundleTraces, filesUnder, STAND_IN_MARKERS, STAND_IN_SHARED, STAND_INS_DIR } from "./build-checks";

const SOURCE = /\.(ts|tsx)$/;
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A stand-in build/server: the given files under a fresh folder. */
function bundle(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "check-build-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe("the production build's stand-in check", () => {
  it("has a marker for each stand-in, found in that stand-in's code", () => {
    expect(readdirSync(STAND_INS_DIR).sort()).toEqual([...Object.keys(STAND_IN_MARKERS), ...STAND_IN_SHARED].sort());
    for (const [standIn, marker] of Object.entries(STAND_IN_MARKERS)) {
      const path = join(STAND_INS_DIR, standIn);
      const files = SOURCE.test(standIn) ? [path] : filesUnder(path, SOURCE).filter((file) => !isTest(file));
      const holders = files.filter((file) => readFileSync(file, "utf8").includes(marker));
      expect(holders, `${standIn}: ${marker}`).not.toEqual([]);
    }
  });

  it("finds no marker in the code a production build carries (anything outside the stand-ins, tests aside)", () => {
    const production = ["app", "workers"]
      .flatMap((dir) => filesUnder(dir, SOURCE))
      .filter((file) => !file.startsWith(STAND_INS_DIR) && !isTest(file));
    expect(production.length).toBeGreaterThan(300);
    const found = production.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return Object.values(STAND_IN_MARKERS)
        .filter((marker) => text.includes(marker))
        .map((marker) => `${file}: ${marker}`);
    });
    expect(found).toEqual([]);
  });

  it("passes a clean bundle and names each stand-in planted in one", () => {
    const clean = { "index.js": 'export default { fetch() { return new Response("ok"); } };' };
    expect(bundleTraces(bundle(clean))).toEqual({ files: 1, traces: [] });
    const planted = bundle({
      ...clean,
      "assets/checkout-x1.js": `const page = "<p>${STAND_IN_MARKERS.stripe}</p>";`,
      "assets/outbox-y2.mjs": `const key = "${STAND_IN_MARKERS.email}";`,
      "assets/notes.txt": `${STAND_IN_MARKERS.oauth}`,
    });
    expect(bundleTraces(planted)).toEqual({
      files: 3,
      traces: [
        `${join(planted, "assets/checkout-x1.js")}: stripe (${STAND_IN_MARKERS.stripe})`,
        `${join(planted, "assets/outbox-y2.mjs")}: email (${STAND_IN_MARKERS.email})`,
      ],
    });
  });
});
