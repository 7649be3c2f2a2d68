import { describe, expect, it } from "vitest";
import { RETURN_PATH_MAX, safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it.each([
    ["/gig/abc?slot=1", "/gig/abc?slot=1"],
    ["/", "/"],
    ["/browse#top", "/browse#top"],
    ["/a/../b", "/b"],
  ])("keeps the local path %j", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    ["tab after the slash", "/\t/evil.example"],
    ["newline", "/\n/evil.example"],
    ["carriage return", "/\r\n/evil.example"],
    ["protocol-relative", "//evil.example"],
    ["backslash", "/\\evil.example"],
    ["backslash later", "/x\\..\\\\evil.example"],
    ["absolute URL", "https://evil.example/"],
    ["scheme", "javascript:alert(1)"],
    ["not a path", "evil.example"],
    ["C1 control", "/\u0085/evil.example"],
    ["NUL", "/\u0000"],
    ["too long", `/${"a".repeat(RETURN_PATH_MAX)}`],
    ["empty", ""],
    ["not a string", 42],
  ])("refuses %s", (_name, input) => {
    expect(safeReturnPath(input)).toBeUndefined();
  });
});
