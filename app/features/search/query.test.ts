import { describe, expect, it } from "vitest";
import { searchTerms, toMatchQuery } from "./query";

describe("toMatchQuery", () => {
  it("makes every word a prefix term", () => {
    expect(toMatchQuery("Fort nite")).toBe('"fort"* "nite"*');
    expect(toMatchQuery("  valo ", "name")).toBe('{name} : ("valo"*)');
  });

  it("neutralises FTS5 syntax and punctuation", () => {
    expect(toMatchQuery('a" OR title:* NEAR(x')).toBe('"a"* "or"* "title"* "near"* "x"*');
    expect(toMatchQuery("***")).toBeNull();
    expect(toMatchQuery("")).toBeNull();
  });

  it("keeps letters of any script and bounds the query", () => {
    expect(searchTerms("Pokémon ゲーム")).toEqual(["pokémon", "ゲーム"]);
    expect(searchTerms("a b c d e f g h")).toHaveLength(6);
    expect(searchTerms("x".repeat(100))[0]).toHaveLength(40);
  });
});
