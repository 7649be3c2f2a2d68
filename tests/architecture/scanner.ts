import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * The one source scanner of the architecture tests: which files a folder holds, which modules a file imports
 * (and how), where an import lands, and the cycles of a graph. It reads source as text, as the tests need no
 * more: an import is `import ... from "x"`, `export ... from "x"`, `import "x"` or `import("x")`.
 */
export const ROOT = resolve(import.meta.dirname, "../..");

/** A source file, by its path from the repository's root (forward slashes), and its text. */
export type Module = { path: string; source: string };

/** Repository-relative, forward slashes. */
export const fromRoot = (absolute: string) => relative(ROOT, absolute).split(sep).join("/");

/** Every .ts/.tsx file under `dir` (absolute paths), declarations aside; tests aside unless asked for. */
export function sourceFiles(dir: string, options: { tests?: boolean } = {}): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourceFiles(path, options);
    if (!/\.(ts|tsx)$/.test(entry.name) || /\.d\.ts$/.test(entry.name)) return [];
    return options.tests === false && /\.test\.tsx?$/.test(entry.name) ? [] : [path];
  });
}

/** The modules under the given repository folders ("app", "workers", ...). */
export function modulesUnder(folders: string[], options: { tests?: boolean } = {}): Module[] {
  return folders
    .flatMap((folder) => sourceFiles(join(ROOT, folder), options))
    .map((path) => ({ path: fromRoot(path), source: readFileSync(path, "utf8") }));
}

/** How a module is imported: at run time and statically, for its types only, or with `import()`. */
export type ImportKind = "static" | "type" | "dynamic";

const STATEMENT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?["']([^"']+)["']/g;
const DYNAMIC = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** Every import of a source text with its kind, in order of kind (static and type-only first, then dynamic). */
export function importsOf(source: string): { specifier: string; kind: ImportKind }[] {
  const statements = [...source.matchAll(STATEMENT)].map((match) => ({
    specifier: match[3] as string,
    kind: (match[2] ? "type" : "static") as ImportKind,
  }));
  const dynamic = [...source.matchAll(DYNAMIC)].map((match) => ({
    specifier: match[1] as string,
    kind: "dynamic" as ImportKind,
  }));
  return [...statements, ...dynamic];
}

/** The specifiers of the imports of the given kinds. */
export const specifiersOf = (source: string, kinds: ImportKind[]) =>
  importsOf(source)
    .filter((entry) => kinds.includes(entry.kind))
    .map((entry) => entry.specifier);

/**
 * The repository file (from the root) an import of `fromFile` (from the root) resolves to, or null for a
 * package or a virtual module. Knows the `~/` (app), `~db/`, `~tests/` and `~workers/` aliases.
 */
export function resolveImport(fromFile: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  let base: string;
  const alias = /^~(db|tests|workers)\//.exec(bare);
  if (bare.startsWith("~/")) base = join(ROOT, "app", bare.slice(2));
  else if (alias) base = join(ROOT, alias[1] as string, bare.slice(alias[0].length));
  else if (bare.startsWith(".")) base = resolve(ROOT, dirname(fromFile), bare);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return fromRoot(candidate);
  }
  return null;
}

/** The graph of imports of the given kinds between the modules (and the files they import). */
export function graphOf(modules: Module[], kinds: ImportKind[] = ["static"]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const { path, source } of modules) {
    const targets = specifiersOf(source, kinds).flatMap((specifier) => resolveImport(path, specifier) ?? []);
    graph.set(path, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components of more than one node (or a node pointing at itself): the cycles. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, indices.get(next) as number));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}
