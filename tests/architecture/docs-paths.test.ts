import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs stay true to the tree: a clone holds only the repository, so every file the docs name must be in it.
 * This test reads README.md, docs/*.md and docs/decisions/*.md and fails on
 * - a repository path that does not exist (`app/...`, `db/...`, `tests/...`, `scripts/...`, `workers/...`,
 *   `migrations/...`, `bench/...`, `docs/...`; a path cut short by a placeholder such as `app/features/<domain>/`
 *   is checked up to the placeholder);
 * - a migration number ("migration 0012", "migrations 0012 and 0015", a bare "0015") with no file in migrations/;
 * - an ADR named by number ("ADR 005", `docs/decisions/019`) with no file in docs/decisions/;
 * and every ADR must say its number in its title and carry a `Status:` line (Accepted, or Superseded by NNN).
 * The code's citations of the docs resolve too: a source file that cites `docs/<file>.md "Section"` names a heading
 * of that document or a term it sets in bold (a glossary term, a paragraph's title); a citation must quote what it
 * names, so `docs/domain.md, Admin` (unquoted) is refused rather than left unchecked.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const ROOTS = ["app", "db", "tests", "scripts", "workers", "migrations", "bench", "docs"];

/** A repository path: one of ROOTS, a slash, then path characters; not part of a URL or a longer path. */
const PATH = new RegExp(String.raw`(?<![\w.\-/@:])(?:${ROOTS.join("|")})/[\w.\-/]*`, "g");
/** "migration 0012", "migrations 0012 and 0015", "migration\n0019". */
const MIGRATION_LIST = /\bmigrations?\s+(\d{4}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s*\/\s*)\d{4})*)/gi;
/** A bare migration number: four digits starting 00, not part of a decimal, a longer number or a path. */
const BARE_MIGRATION = /(?<![\w.,/-])00\d{2}(?![\w]|[.,]\d)/g;
/** "ADR 005", "ADRs 015" */
const ADR_NUMBER = /\bADRs?\s+(\d{3})\b/g;

/** The repository paths a document names, trailing punctuation dropped. */
function namedPaths(text: string): string[] {
  const paths = new Set<string>();
  for (const [match] of text.matchAll(PATH)) {
    const path = match.replace(/[.,:;]+$/, "");
    if (path.includes("/")) paths.add(path);
  }
  return [...paths];
}

/** The migration numbers a document names ("0012"). */
function namedMigrations(text: string): string[] {
  const numbers = new Set<string>();
  for (const match of text.matchAll(MIGRATION_LIST)) {
    for (const number of (match[1] ?? "").match(/\d{4}/g) ?? []) numbers.add(number);
  }
  const withoutPaths = text.replace(PATH, " ");
  for (const [number] of withoutPaths.matchAll(BARE_MIGRATION)) numbers.add(number);
  return [...numbers];
}

/** The ADR numbers a document names ("005"), by "ADR 005" or a `docs/decisions/005` path. */
function namedAdrs(text: string): string[] {
  const numbers = new Set<string>();
  for (const match of text.matchAll(ADR_NUMBER)) numbers.add(match[1] ?? "");
  for (const path of namedPaths(text)) {
    const number = /^docs\/decisions\/(\d{3})/.exec(path)?.[1];
    if (number) numbers.add(number);
  }
  return [...numbers];
}

/**
 * Folders a command writes and git ignores (`/bench/results/` in .gitignore): the docs may say where output goes,
 * and a clone does not hold it.
 */
function generatedFolders(root: string): string[] {
  return readFileSync(join(root, ".gitignore"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("/") && line.endsWith("/"))
    .map((line) => line.slice(1));
}

/** What a document names that the tree at `root` does not hold, as readable lines. */
function missingReferences(text: string, root = ROOT): string[] {
  const migrations = readdirSync(join(root, "migrations"));
  const adrs = readdirSync(join(root, "docs/decisions"));
  const generated = generatedFolders(root);
  const missing: string[] = [];
  for (const path of namedPaths(text)) {
    // `docs/decisions/019` names ADR 019 by number: checked below.
    if (/^docs\/decisions\/\d{3}$/.test(path)) continue;
    if (generated.some((folder) => `${path}/`.startsWith(folder))) continue;
    if (!existsSync(join(root, path))) missing.push(`path ${path}`);
  }
  for (const number of namedMigrations(text)) {
    if (!migrations.some((file) => file.startsWith(`${number}_`) && file.endsWith(".sql"))) {
      missing.push(`migration ${number}`);
    }
  }
  for (const number of namedAdrs(text)) {
    if (!adrs.some((file) => file.startsWith(`${number}-`) && file.endsWith(".md"))) missing.push(`ADR ${number}`);
  }
  return missing;
}

function markdownIn(dir: string): string[] {
  return readdirSync(join(ROOT, dir))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `${dir}/${name}`);
}

const DOCUMENTS = ["README.md", ...markdownIn("docs"), ...markdownIn("docs/decisions"), ...markdownIn("docs/bench")];

describe("the docs name only what the repository holds", () => {
  it("finds paths, migration numbers and ADRs, and reports the missing ones (the extractor itself)", () => {
    const planted = [
      "The rule is in `app/lib/money.ts`, its test in tests/architecture/money-in-views.test.ts.",
      "Gone: app/lib/no-such-module.ts, and `scripts/nowhere/`.",
      "Each feature in app/features/<domain>/ (checked up to the placeholder).",
      "migration 0012's triggers; migrations 0015 and 0998; a bare 0019, and 0097 too.",
      "Not migrations: 2026, 0.0012, 1,0012, https://example.com/app/missing.ts, ADR 005, ADR 099.",
      "See docs/decisions/019 and docs/decisions/098.",
      "A profile is written to bench/results/joins.cpuprofile (ignored by git, so not in a clone).",
    ].join("\n");
    expect(namedPaths(planted)).toEqual([
      "app/lib/money.ts",
      "tests/architecture/money-in-views.test.ts",
      "app/lib/no-such-module.ts",
      "scripts/nowhere/",
      "app/features/",
      "docs/decisions/019",
      "docs/decisions/098",
      "bench/results/joins.cpuprofile",
    ]);
    expect(namedMigrations(planted).sort()).toEqual(["0012", "0015", "0019", "0097", "0998"]);
    expect(namedAdrs(planted).sort()).toEqual(["005", "019", "098", "099"]);
    expect(missingReferences(planted)).toEqual([
      "path app/lib/no-such-module.ts",
      "path scripts/nowhere/",
      "migration 0998",
      "migration 0097",
      "ADR 099",
      "ADR 098",
    ]);
  });

  it.each(DOCUMENTS)("%s names only existing paths, migrations and ADRs", (document) => {
    expect(missingReferences(readFileSync(join(ROOT, document), "utf8"))).toEqual([]);
  });

  it.each(markdownIn("docs/decisions"))("%s says its number in its title and has a Status line", (document) => {
    const text = readFileSync(join(ROOT, document), "utf8");
    const number = /\/(\d{3})-/.exec(document)?.[1];
    expect(text.split("\n")[0]).toMatch(new RegExp(`^# ${number}\\. \\S`));
    expect(text).toMatch(/^Status: (Accepted|Superseded by \d{3})\b/m);
  });
});

const SOURCE_ROOTS = ["app", "workers", "scripts", "tests", "bench", "db"];
/** `docs/domain.md "Chat places"`, `docs/domain.md, "Money"`, across a comment's line break. */
const QUOTED_CITATION = /docs\/([\w/-]+\.md),?\s+(?:\*\s+)?"([^"]+)"/g;
/** `docs/domain.md, Constants`: a section named without quotes. */
const UNQUOTED_CITATION = /docs\/[\w/-]+\.md,\s+(?:\*\s+)?[A-Z][a-z]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === "node_modules" || name.startsWith(".")) return [];
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Whether `document` (under docs/) has `title` as a heading or a bold term (case and spacing aside). */
function documentHas(document: string, title: string, root = ROOT): boolean {
  const path = join(root, "docs", document);
  if (!existsSync(path)) return false;
  const wanted = title.replace(/\s+/g, " ").toLowerCase();
  const text = readFileSync(path, "utf8").toLowerCase();
  return (
    text.split("\n").some((line) => line.startsWith("#") && line.replace(/^#+\s*/, "").includes(wanted)) ||
    text.replace(/\s+/g, " ").includes(`**${wanted}`)
  );
}

/** The citations in a source text that name no section of their document, as readable lines. */
function unresolvedCitations(text: string, root = ROOT): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(QUOTED_CITATION)) {
    const [, document = "", raw = ""] = match;
    const title = raw.replace(/\s*\n\s*\*?\s*/g, " ");
    if (!documentHas(document, title, root)) problems.push(`docs/${document} "${title}"`);
  }
  for (const [match] of text.matchAll(UNQUOTED_CITATION)) problems.push(`unquoted: ${match}`);
  return problems;
}

describe("the code cites only sections the docs have", () => {
  it("resolves a cited heading or bold term, and reports a missing or unquoted one (the extractor itself)", () => {
    const planted = [
      '/** The rule (docs/domain.md "Chat places"), the money (docs/domain.md, "Money"). */',
      '// docs/domain.md "Realtime socket" and docs/architecture.md "Features as modules"',
      ' * A move (docs/domain.md "A move offered by the',
      ' * streamer"), the constants (docs/domain.md, Constants), docs/nowhere.md "Anything".',
    ].join("\n");
    expect(unresolvedCitations(planted)).toEqual([
      'docs/domain.md "Realtime socket"',
      'docs/nowhere.md "Anything"',
      "unquoted: docs/domain.md, Co",
    ]);
  });

  it("every source file cites only existing sections", () => {
    const problems = SOURCE_ROOTS.flatMap(sourceFiles)
      .filter((file) => file !== "tests/architecture/docs-paths.test.ts")
      .flatMap((file) => unresolvedCitations(readFileSync(join(ROOT, file), "utf8")).map((p) => `${file}: ${p}`));
    expect(problems).toEqual([]);
  });
});
