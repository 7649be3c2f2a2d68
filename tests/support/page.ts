import { parseHTML } from "linkedom";

/**
 * A server-rendered page parsed into a DOM, so tests read what a person reads (an element's text, found by its
 * test id, role, label or a CSS selector) instead of matching the markup React happens to emit. Runs in workerd
 * and in Node alike (linkedom is plain JavaScript).
 */
export interface Page {
  readonly document: Document;
  /** The text of the whole page body as shown: scripts and styles left out, whitespace runs as one space. */
  text(): string;
  /** The one element matching a CSS selector; fails the test when there is none. */
  get(selector: string): Element;
  /** Every element matching a CSS selector. */
  all(selector: string): Element[];
  /** The text of the one element matching a CSS selector. */
  textOf(selector: string): string;
  /** The texts of every element matching a CSS selector, in page order. */
  textsOf(selector: string): string[];
  /** The element with data-testid=`id`. */
  byTestId(id: string): Element;
  /** The first element of an ARIA role (implicit or explicit) whose accessible name contains `name` when given. */
  byRole(role: string, options?: { name?: string | RegExp }): Element;
  /** The form control a <label> (or aria-label) with this text names. */
  byLabel(label: string | RegExp): Element;
  /** The section a heading titles, found by the heading's id. */
  sectionOf(headingId: string): Element;
  /** The table row whose header cell reads `header`. */
  rowOf(header: string | RegExp): Element;
  /** The value of `<dd>` that follows the `<dt>` reading `term` (a definition list's row). */
  definition(term: string | RegExp): string;
}

const HIDDEN_TEXT = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT"]);

/** Whitespace runs read as one space, no space at either end. */
export const normalise = (text: string) => text.replace(/\s+/g, " ").trim();

/** The text of a node as shown (comments, scripts and styles left out), normalised. */
export function textOf(node: Node): string {
  return normalise(shownText(node));
}

function shownText(node: Node): string {
  if (node.nodeType === 3) return node.textContent ?? "";
  if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return "";
  if (node.nodeType === 1 && HIDDEN_TEXT.has((node as Element).tagName)) return "";
  let text = "";
  for (const child of Array.from(node.childNodes)) text += shownText(child);
  return text;
}

/** The values of an element's attributes (names in any case, as React writes dateTime or fetchPriority), null where absent. */
export function attributesOf(element: Element, ...names: string[]): (string | null)[] {
  const present = Array.from(element.attributes);
  return names.map(
    (name) => present.find((attribute) => attribute.name.toLowerCase() === name.toLowerCase())?.value ?? null,
  );
}

const IMPLICIT_ROLES: Record<string, string> = {
  a: "link",
  article: "article",
  aside: "complementary",
  button: "button",
  dialog: "dialog",
  footer: "contentinfo",
  form: "form",
  h1: "heading",
  h2: "heading",
  h3: "heading",
  h4: "heading",
  h5: "heading",
  h6: "heading",
  header: "banner",
  img: "img",
  li: "listitem",
  main: "main",
  nav: "navigation",
  ol: "list",
  option: "option",
  progress: "progressbar",
  section: "region",
  select: "combobox",
  table: "table",
  tbody: "rowgroup",
  td: "cell",
  textarea: "textbox",
  th: "columnheader",
  thead: "rowgroup",
  tr: "row",
  ul: "list",
};

const INPUT_ROLES: Record<string, string> = {
  button: "button",
  checkbox: "checkbox",
  email: "textbox",
  number: "spinbutton",
  radio: "radio",
  search: "searchbox",
  submit: "button",
  tel: "textbox",
  text: "textbox",
  url: "textbox",
};

function roleOf(element: Element): string | null {
  const explicit = element.getAttribute("role");
  if (explicit) return explicit;
  const tag = element.tagName.toLowerCase();
  if (tag === "a" && !element.hasAttribute("href")) return null;
  if (tag === "input") return INPUT_ROLES[element.getAttribute("type") ?? "text"] ?? null;
  return IMPLICIT_ROLES[tag] ?? null;
}

function matches(text: string, wanted: string | RegExp): boolean {
  return typeof wanted === "string" ? text.includes(wanted) : wanted.test(text);
}

export function parsePage(html: string): Page {
  const { document } = parseHTML(html) as unknown as { document: Document };
  const all = (selector: string) => Array.from(document.querySelectorAll(selector));
  const get = (selector: string) => {
    const element = document.querySelector(selector);
    if (!element) throw new Error(`no element matches ${selector}`);
    return element;
  };
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute("aria-labelledby");
    if (labelledBy)
      return normalise(
        labelledBy
          .split(/\s+/)
          .map((id) => textOf(get(`#${id}`)))
          .join(" "),
      );
    return normalise(element.getAttribute("aria-label") ?? element.getAttribute("alt") ?? textOf(element));
  };
  const labelOf = (control: Element): string => {
    const id = control.getAttribute("id");
    const byFor = id ? document.querySelector(`label[for="${id}"]`) : null;
    const label = byFor ?? control.closest("label");
    return label ? textOf(label) : normalise(control.getAttribute("aria-label") ?? "");
  };
  return {
    document,
    text: () => textOf(document.body ?? document),
    get,
    all,
    textOf: (selector) => textOf(get(selector)),
    textsOf: (selector) => all(selector).map((element) => textOf(element)),
    byTestId: (id) => get(`[data-testid="${id}"]`),
    byRole(role, options = {}) {
      const found = all("*").find(
        (element) => roleOf(element) === role && (options.name === undefined || matches(nameOf(element), options.name)),
      );
      if (!found) throw new Error(`no ${role} named ${options.name ?? "(any)"}`);
      return found;
    },
    byLabel(label) {
      const found = all("input, select, textarea").find((control) => matches(labelOf(control), label));
      if (!found) throw new Error(`no form control labelled ${label}`);
      return found;
    },
    sectionOf(headingId) {
      const heading = get(`#${headingId}`);
      return heading.closest("section") ?? heading;
    },
    rowOf(header) {
      const row = all("tr").find((tr) => {
        const th = tr.querySelector("th");
        return th !== null && matches(textOf(th), header);
      });
      if (!row) throw new Error(`no table row headed ${header}`);
      return row;
    },
    definition(term) {
      const dt = all("dt").find((element) => matches(textOf(element), term));
      let next = dt?.nextElementSibling ?? null;
      while (next && next.tagName !== "DD") next = next.nextElementSibling;
      if (!next) throw new Error(`no definition for ${term}`);
      return textOf(next);
    },
  };
}

/** Reads a response's body as a parsed page. */
export async function readPage(response: Response): Promise<Page> {
  return parsePage(await response.text());
}
