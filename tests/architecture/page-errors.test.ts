import { describe, expect, it } from "vitest";
import { modulesUnder } from "./scanner";

/**
 * One way a page route turns a use case's AppError into its reply (docs/architecture.md, "Request path"): through
 * app/routes/_lib/form.server.ts (`settle`, the one catch, and `orErrorPage` and `pageAction` built on
 * it). A page route that catches an AppError itself (`catch (e) { if (isAppError(e)) ... }`, `.catch(...)`, or
 * `instanceof AppError`) fails here. The shared helpers (app/routes/_lib/) and the JSON API (app/routes/api/,
 * `jsonAction`) are not page routes.
 */
const ROUTES = "app/routes";
const NOT_PAGES = ["app/routes/_lib/", "app/routes/api/"];

/** The text of the block opening at `open` (a `{`), braces balanced. */
function blockAt(source: string, open: number): string {
  let depth = 0;
  for (let index = open; index < source.length; index++) {
    if (source[index] === "{") depth++;
    else if (source[index] === "}" && --depth === 0) return source.slice(open, index + 1);
  }
  return source.slice(open);
}

/** `catch (e) {`, `catch {`, and a promise's `.catch(` (its callback up to the call's end). */
const CATCH = /\bcatch\s*(?:\([^)]*\)\s*)?\{|\.catch\s*\(/g;
const APP_ERROR = /\bisAppError\b|\binstanceof\s+AppError\b/;

/** Each `path:line` where a page route catches an AppError by hand. */
function handWrittenAppErrorCatches(files: { path: string; source: string }[]): string[] {
  return files.flatMap(({ path, source }) => {
    if (NOT_PAGES.some((prefix) => path.startsWith(prefix))) return [];
    const found: string[] = [];
    for (const match of source.matchAll(CATCH)) {
      const start = match.index ?? 0;
      const open = source.indexOf(match[0].endsWith("{") ? "{" : "(", start + match[0].length - 1);
      const body = match[0].endsWith("{") ? blockAt(source, open) : blockAt(source, source.indexOf("{", open));
      if (APP_ERROR.test(body)) found.push(`${path}:${source.slice(0, start).split("\n").length}`);
    }
    // Importing the check itself is the start of a hand-written catch.
    if (/import\s*\{[^}]*\bisAppError\b[^}]*\}/.test(source) && found.length === 0) found.push(`${path}:import`);
    return found;
  });
}

describe("page routes and AppError", () => {
  it("no page route catches an AppError by hand", () => {
    const files = modulesUnder([ROUTES], { tests: false });
    expect(files.length).toBeGreaterThan(50);
    expect(handWrittenAppErrorCatches(files)).toEqual([]);
  });

  it("finds a planted hand-written catch, in any form, and leaves the shared helpers alone", () => {
    const found = handWrittenAppErrorCatches([
      {
        path: "app/routes/account/x.tsx",
        source:
          'import { isAppError } from "~/lib/errors";\ntry {\n  await a();\n} catch (error) {\n  if (isAppError(error)) return data({ error: error.message });\n  throw error;\n}',
      },
      {
        path: "app/routes/public/y.tsx",
        source: "const v = await work().catch((e) => {\n  if (e instanceof AppError) throw e;\n});",
      },
      {
        path: "app/routes/z.ts",
        source: 'import { badRequest, isAppError } from "~/lib/errors";\nexport const z = 1;',
      },
      { path: "app/routes/ok.tsx", source: 'try {\n  await a();\n} catch (error) {\n  log.error("x", { error });\n}' },
      {
        path: "app/routes/settled.tsx",
        source: "const done = await settle(work());\nif (!done.ok) throw errorPage(done.error);",
      },
      {
        path: "app/routes/_lib/form.server.ts",
        source: "try {} catch (thrown) {\n  if (!isAppError(thrown)) throw thrown;\n}",
      },
      { path: "app/routes/api/_lib/json-action.server.ts", source: "try {} catch (t) { if (isAppError(t)) {} }" },
    ]);
    expect(found).toEqual(["app/routes/account/x.tsx:4", "app/routes/public/y.tsx:1", "app/routes/z.ts:import"]);
  });
});
