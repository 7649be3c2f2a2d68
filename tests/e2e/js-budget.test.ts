import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JS_CEILING_KIB, NOT_ON_CATALOGUE_PAGES, pageJs } from "../../bench/js-budget";

/**
 * Client JavaScript per catalogue page, read from the build the browser tests serve (global-setup builds it):
 * sizes, not timings. `npm run bench` prints the same figures against issue 11's targets.
 */
describe("client JavaScript of the catalogue pages", () => {
  it.each(Object.entries(JS_CEILING_KIB))(
    "%s stays under its ceiling and loads no library it does not use",
    (routeId, ceilingKiB) => {
      const page = pageJs(routeId);
      expect(page.gzipBytes / 1024, `${routeId}: ${page.files.join(", ")}`).toBeLessThanOrEqual(ceilingKiB);
      for (const file of page.files) {
        const code = readFileSync(path.join("build/client", file), "utf8");
        for (const [library, marker] of Object.entries(NOT_ON_CATALOGUE_PAGES)) {
          expect(marker.test(code), `${routeId} loads ${library} in ${file}`).toBe(false);
        }
      }
    },
  );
});
