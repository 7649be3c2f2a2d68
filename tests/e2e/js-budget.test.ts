import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FRAMEWORK_CEILING_KIB, NOT_ON_CATALOGUE_PAGES, OWN_JS_CEILING_KIB, pageJs } from "../../bench/js-budget";

/**
 * Client JavaScript per catalogue page, read from the build the browser tests serve (global-setup builds it):
 * sizes, not timings. `npm run bench` prints the same figures, our own part against the 20 KiB target (docs/decisions/017).
 */
describe("client JavaScript of the catalogue pages", () => {
  it.each(Object.entries(OWN_JS_CEILING_KIB))(
    "%s keeps its own JavaScript and the framework under their ceilings and loads no library it does not use",
    (routeId, ownCeilingKiB) => {
      const page = pageJs(routeId);
      const own = page.files.filter((file) => !file.framework).map((file) => file.file);
      expect(page.ownGzipBytes / 1024, `${routeId}: ${own.join(", ")}`).toBeLessThanOrEqual(ownCeilingKiB);
      expect(page.frameworkGzipBytes / 1024, routeId).toBeLessThanOrEqual(FRAMEWORK_CEILING_KIB);
      // The framework chunk is found (a build without it would count React as ours and fail above, but say so here).
      expect(page.frameworkGzipBytes / 1024, routeId).toBeGreaterThan(90);
      for (const { file } of page.files) {
        const code = readFileSync(path.join("build/client", file), "utf8");
        for (const [library, marker] of Object.entries(NOT_ON_CATALOGUE_PAGES)) {
          expect(marker.test(code), `${routeId} loads ${library} in ${file}`).toBe(false);
        }
      }
    },
  );
});
