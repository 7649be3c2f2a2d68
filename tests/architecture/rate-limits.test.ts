import { describe, expect, it } from "vitest";
import { modulesUnder } from "./scanner";

/**
 * One rate-limit helper (docs/decisions/023): a 429 is thrown only by `enforceRateLimit`, which always gives it the
 * wait both doors send as Retry-After. A 429 made anywhere else in app/ or workers/ (an `appError(429, ...)`, a
 * `new AppError(429, ...)`, a `status: 429` response) fails here.
 */
const HELPER = "app/platform/rate-limit.server.ts";
const MADE_429 = /\b(?:appError|AppError)\s*\(\s*429\b|\bstatus\s*:\s*429\b|\bnew\s+Response\s*\([^)]*\b429\b/;

function other429s(files: { path: string; source: string }[]): string[] {
  return files.flatMap(({ path, source }) =>
    path === HELPER
      ? []
      : source.split("\n").flatMap((line, index) => (MADE_429.test(line) ? [`${path}:${index + 1}`] : [])),
  );
}

describe("rate limits", () => {
  it("only the rate-limit helper answers 429", () => {
    const files = modulesUnder(["app", "workers"], { tests: false });
    expect(files.some((file) => file.path === HELPER && MADE_429.test(file.source))).toBe(true);
    expect(other429s(files)).toEqual([]);
  });

  it("finds a 429 made in any of its forms outside the helper", () => {
    const found = other429s([
      { path: "app/features/x.server.ts", source: 'throw appError(429, "slow down");' },
      { path: "app/features/y.server.ts", source: "const a = 1;\nthrow new AppError( 429, m);" },
      { path: "app/routes/z.ts", source: 'return Response.json({}, { status: 429 });\nnew Response("no", 429)' },
      { path: HELPER, source: "throw appError(429, message, { retryAfterSeconds });" },
      { path: "app/lib/errors.ts", source: "export type AppErrorStatus = 400 | 429;" },
    ]);
    expect(found).toEqual([
      "app/features/x.server.ts:1",
      "app/features/y.server.ts:2",
      "app/routes/z.ts:1",
      "app/routes/z.ts:2",
    ]);
  });
});
