import { describe, expect, it } from "vitest";
import { modulesUnder } from "./scanner";

/**
 * One page action (issue 53; docs/architecture.md, "Request path"): every page route's `action` is built with
 * `pageAction` (app/routes/_lib/page-action.server.ts), which parses the form, runs the guard and the use case, and
 * maps the result and an AppError one way. A hand-written `export async function action` fails here unless the line
 * above it says why it cannot be one (`// Not a pageAction: ...`, e.g. the OAuth start). The JSON API
 * (app/routes/api/, `jsonAction`) and the shared helpers (app/routes/_lib/) are not page routes.
 */
const NOT_PAGES = ["app/routes/_lib/", "app/routes/api/"];
const BUILT = /^export const action = pageAction\(/;
const ANY_ACTION =
  /^export\s+(?:async\s+function\s+action\b|function\s+action\b|const\s+action\b|\{[^}]*\baction\b[^}]*\})/;
const WHY = /^\/\/ Not a pageAction: \S/;

/** Each `path:line` of a page action built otherwise, without the comment saying why. */
function handBuiltActions(files: { path: string; source: string }[]): string[] {
  return files.flatMap(({ path, source }) => {
    if (NOT_PAGES.some((prefix) => path.startsWith(prefix))) return [];
    const lines = source.split("\n");
    return lines.flatMap((line, index) => {
      if (!ANY_ACTION.test(line) || BUILT.test(line)) return [];
      return WHY.test(lines[index - 1] ?? "") ? [] : [`${path}:${index + 1}`];
    });
  });
}

describe("page actions", () => {
  it("every page route's action is a pageAction, or says why not", () => {
    const files = modulesUnder(["app/routes"], { tests: false });
    expect(files.filter(({ source }) => source.includes("export const action = pageAction(")).length).toBeGreaterThan(
      50,
    );
    expect(handBuiltActions(files)).toEqual([]);
  });

  it("finds a planted hand-built action in any form, and leaves documented callbacks and the API alone", () => {
    const found = handBuiltActions([
      { path: "app/routes/account/x.tsx", source: "export async function action({ request }) {\n  return null;\n}" },
      { path: "app/routes/public/y.tsx", source: "const a = async () => null;\nexport const action = a;" },
      { path: "app/routes/public/z.ts", source: "function action() {}\nexport { action };" },
      { path: "app/routes/ok.tsx", source: "export const action = pageAction({ guard: signedIn, intents: {} });" },
      {
        path: "app/routes/auth/callback.ts",
        source: "// Not a pageAction: the provider posts here, not a form of ours.\nexport async function action() {}",
      },
      { path: "app/routes/auth/vague.ts", source: "// a callback\nexport async function action() {}" },
      { path: "app/routes/api/user/x.ts", source: "export const action = jsonAction({}, async () => ({}));" },
    ]);
    expect(found).toEqual([
      "app/routes/account/x.tsx:1",
      "app/routes/public/y.tsx:2",
      "app/routes/public/z.ts:2",
      "app/routes/auth/vague.ts:2",
    ]);
  });
});
