import { describe, expect, it } from "vitest";
import { modulesUnder } from "./scanner";

/**
 * A form's reply carries back exactly what was sent (issue 50): every page route answers a Conform submission
 * through `replyTo` (app/routes/_lib/form.server.ts), never Conform's own `reply()`, which turns an empty field into
 * `undefined` (a page then wrote the word "undefined" into empty boxes) and a one-item list into its item. A page
 * that reads a reply's values (`initialValue`) reads them as sent.
 */
const HELPER = "app/routes/_lib/form.server.ts";
const OWN_REPLY = /\.reply\s*\(/;

function ownReplies(files: { path: string; source: string }[]): string[] {
  return files.flatMap(({ path, source }) =>
    path === HELPER
      ? []
      : source.split("\n").flatMap((line, index) => (OWN_REPLY.test(line) ? [`${path}:${index + 1}`] : [])),
  );
}

describe("form replies", () => {
  it("no route or feature calls Conform's reply() but replyTo", () => {
    const files = modulesUnder(["app"], { tests: false });
    expect(files.length).toBeGreaterThan(100);
    expect(ownReplies(files)).toEqual([]);
  });

  it("finds a planted reply() and leaves the helper alone", () => {
    expect(
      ownReplies([
        { path: "app/routes/x.tsx", source: "return data({ result: submission.reply() });" },
        { path: HELPER, source: "const result = submission.reply(options);" },
      ]),
    ).toEqual(["app/routes/x.tsx:1"]);
  });
});
