import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "@babel/parser";
import { describe, expect, it } from "vitest";
import { fromRoot, ROOT, sourceFiles } from "./scanner";

/**
 * One word for the person who sells sessions (docs/domain.md "Glossary"): **streamer** in identifiers. This test
 * parses every module and refuses `star…` and `creator…` identifiers (`starId`, `StarCard`, `STAR_GIGS_MAX`, a
 * variable `star`). The old words stay where the glossary keeps them, outside identifiers (URLs such as `/star/:id`,
 * API fields, tables and columns, copy: strings, comments and JSX text are not identifiers), and in the names below,
 * each with its reason.
 */
const ALLOWED: Record<string, string> = {
  Stars: "the review form's rating stars (★), not a person",
  starRating: "a review's rating in stars (★)",
  starName: "POST /api/suggeststar's field, as the API names it, and its column's property",
  star_name: "the star_suggestions table's column, read in a test",
};
/** Public names a key or a property may keep (the API's and the URLs' words), never a variable's. */
const PUBLIC_KEYS: Record<string, string> = {
  star: "a favourite's kind and a suggestion's type, as the API and the pages name them (\"star\")",
  stars: 'the API\'s list of favourite streamers ("stars")',
  creators: 'the browse page\'s tab, its URL value ("creators")',
  creator: "a spreadsheet's author (exceljs's `workbook.creator`), not a person",
};

const OLD_WORD = /^(?:(?:star|creator)s?(?:[A-Z_]\w*)?|(?:Star|Creator)s?[A-Z]\w*|STARS?_[A-Z_]+)$/;

type Node = { type?: string; name?: string; [key: string]: unknown };

/** The `star…`/`creator…` identifiers of a module, each once, but the allowed ones. */
function oldWords(source: string, tsx = true): string[] {
  const ast = parse(source, {
    sourceType: "module",
    errorRecovery: true,
    plugins: ["typescript", ...(tsx ? (["jsx"] as const) : [])],
  });
  const found = new Set<string>();
  const visit = (node: unknown, parent: Node | null, key: string | null) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parent, key);
      return;
    }
    const n = node as Node;
    if ((n.type === "Identifier" || n.type === "JSXIdentifier") && n.name && OLD_WORD.test(n.name)) {
      const asKey =
        key === "property" ||
        (key === "key" && parent?.shorthand !== true) ||
        (n.type === "JSXIdentifier" && parent?.type === "JSXAttribute");
      if (!(n.name in ALLOWED) && !(asKey && n.name in PUBLIC_KEYS)) found.add(n.name);
    }
    for (const [childKey, child] of Object.entries(n)) {
      if (childKey !== "loc" && !childKey.endsWith("Comments")) visit(child, n, childKey);
    }
  };
  visit(ast.program, null, null);
  return [...found];
}

describe("the streamer is `streamer…` in identifiers", () => {
  it("finds the old words among identifiers, not in strings, comments, JSX text or URLs (the scanner itself)", () => {
    const planted = [
      "const starId = gig.streamerId; // the starId of old",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source with a template literal in it
      'const url = `/star/${star.id}?tab=${"creators"}`;',
      "type StarCard = { creatorName: string }; const STAR_GIGS_MAX = 3;",
      '/* starName */ const label = "starUsername"; const page = <p title="star">Your creator page</p>;',
      "const kinds = { star: 1, stars: [] }; const streamerId = kinds.star; const re = /CreatorsForScroll/;",
    ].join("\n");
    expect(oldWords(planted)).toEqual(["starId", "star", "StarCard", "creatorName", "STAR_GIGS_MAX"]);
  });

  it("no module names the person star… or creator…", () => {
    const found = ["app", "workers", "scripts", "db", "bench", "tests"]
      .flatMap((dir) => sourceFiles(join(ROOT, dir), { tests: true }))
      .filter((file) => !file.endsWith("streamer-words.test.ts"))
      .flatMap((file) =>
        oldWords(readFileSync(file, "utf8"), file.endsWith("x")).map((word) => `${fromRoot(file)}: ${word}`),
      );
    expect(found).toEqual([]);
  });
});
