import { describe, expect, it } from "vitest";
import { modulesUnder } from "./scanner";

/**
 * Tests read a page's words as a person reads them (tests/support/page.ts `textOf`), never React's empty-comment text
 * markers between a text and a value: such an assertion breaks on the next React and checks HTML, not words.
 */
const MARKER = `<!-- ${"-->"}`;

function markers(files: { path: string; source: string }[]): string[] {
  return files.flatMap(({ path, source }) =>
    source.split("\n").flatMap((line, index) => (line.includes(MARKER) ? [`${path}:${index + 1}`] : [])),
  );
}

describe("tests and React's text markers", () => {
  it("no test asserts on React's empty-comment text markers", () => {
    const files = modulesUnder(["tests", "app"], { tests: true });
    expect(files.length).toBeGreaterThan(100);
    expect(markers(files)).toEqual([]);
  });

  it("finds a planted marker", () => {
    expect(markers([{ path: "tests/x.test.ts", source: `expect(html).toContain("a ${MARKER}1");` }])).toEqual([
      "tests/x.test.ts:1",
    ]);
  });
});
