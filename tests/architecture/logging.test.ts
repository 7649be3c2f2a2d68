import { describe, expect, it } from "vitest";
import { modulesUnder } from "./scanner";

/**
 * One logger (docs/decisions/021-logging.md): app/ and workers/ write to the console only through
 * app/platform/log.server.ts, whose lines are JSON with their event, the request's context and redacted fields.
 * Tests aside. A bare `console.x(` anywhere else fails here.
 */
const SCANNED = ["app", "workers"];
const LOGGER = "app/platform/log.server.ts";

/** `console.log(`, `console.error (`, `console["warn"](`, `globalThis.console.info(` ... */
const CONSOLE_CALL = /\bconsole\s*(?:\.\s*\w+|\[\s*["'`]\w+["'`]\s*\])\s*\(/;

function consoleCalls(files: { path: string; source: string }[]): string[] {
  return files.flatMap(({ path, source }) => {
    if (path === LOGGER) return [];
    return source.split("\n").flatMap((line, index) => (CONSOLE_CALL.test(line) ? [`${path}:${index + 1}`] : []));
  });
}

describe("logging", () => {
  it("app/ and workers/ call the console only through the logger", () => {
    const files = modulesUnder(SCANNED, { tests: false });
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((file) => file.path === LOGGER)).toBe(true);
    expect(consoleCalls(files)).toEqual([]);
  });

  it("finds a bare console call, in any form, outside the logger", () => {
    const found = consoleCalls([
      { path: "app/features/x.server.ts", source: 'try {} catch (e) {\n  console.error("x", e);\n}' },
      { path: "workers/y.ts", source: "console . log(1);\nglobalThis.console.warn(2);" },
      { path: "app/routes/z.tsx", source: 'const a = 1;\nconsole["info"]("z");' },
      { path: LOGGER, source: "console.error(text);" },
      { path: "app/features/ok.server.ts", source: 'log.error("ok", { consoleLike: true });' },
    ]);
    expect(found).toEqual(["app/features/x.server.ts:2", "workers/y.ts:1", "workers/y.ts:2", "app/routes/z.tsx:2"]);
  });
});
