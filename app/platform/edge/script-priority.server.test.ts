import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint } from "./script-priority.server";

function streamOf(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

const through = (parts: Uint8Array[]) => new Response(scriptsAfterFirstPaint(streamOf(parts), "n0")).text();
const encode = (text: string) => new TextEncoder().encode(text);

const HEAD =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js" nonce="n0"/><link rel="modulepreload" fetchpriority="low" href="/assets/framework.js" nonce="n0"/><style>h1{color:red}</style></head>';
const MODULE = '<script nonce="n0" type="module" async="">import * as route0 from "/assets/root.js";</script>';
const TAIL =
  '<!--$?--><template id="B:0"></template><!--/$--><div hidden id="S:0"><script nonce="n0">enqueue("Prix ₹499 – Déjà vu")</script></div></body></html>';
const PAGE = `${HEAD}<body><h1>Prix ₹499 – Déjà vu</h1><p>&lt;link rel="modulepreload"&gt; is text here</p>${MODULE}${TAIL}`;

describe("scripts after the first paint", () => {
  it("takes the preloads out of the head and makes the module script wait for the loader", async () => {
    const page = await through([encode(PAGE)]);
    expect(page).not.toContain('<link rel="modulepreload"');
    expect(page).toContain("<style>h1{color:red}</style></head><body><h1>Prix ₹499 – Déjà vu</h1>");
    expect(page).toContain('<p>&lt;link rel="modulepreload"&gt; is text here</p>');
    expect(page).toContain(
      '<script nonce="n0" type="text/x-after-paint">import * as route0 from "/assets/root.js";</script><script nonce="n0">(function(d,hrefs){',
    );
    expect(page).toContain('})(document,["/assets/entry.js","/assets/framework.js"])</script>');
    expect(page.endsWith(TAIL)).toBe(true);
    expect(page).not.toContain('type="module" async');
  });

  it("gives the same page at every cut of the stream, multi-byte characters included", async () => {
    const whole = await through([encode(PAGE)]);
    const bytes = encode(PAGE);
    for (let cut = 1; cut < bytes.length; cut += 5) {
      expect(await through([bytes.slice(0, cut), bytes.slice(cut)]), `cut at ${cut}`).toBe(whole);
    }
    const ones = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(await through(ones)).toBe(whole);
  });

  /** Runs the loader's code against a stand-in document; `paintTiming` says whether the browser has Paint Timing. */
  async function runLoader(paintTiming: boolean) {
    const page = await through([encode(PAGE)]);
    const code = /<script nonce="n0">(\(function\(d,hrefs\).*?)<\/script>/.exec(page)?.[1];
    expect(code).toBeTruthy();
    const added: { parent: string; element: Record<string, string> }[] = [];
    const frames: (() => void)[] = [];
    const timers: { callback: () => void; ms: number }[] = [];
    const observers: ((
      list: { getEntriesByName: (name: string) => unknown[] },
      self: { disconnect(): void },
    ) => void)[] = [];
    const document = {
      visibilityState: "visible",
      currentScript: { nonce: "n0", previousElementSibling: { textContent: "import 'x';" } },
      createElement: () => ({}) as Record<string, string>,
      addEventListener() {},
      head: { appendChild: (element: Record<string, string>) => added.push({ parent: "head", element }) },
      body: { appendChild: (element: Record<string, string>) => added.push({ parent: "body", element }) },
    };
    class FakeObserver {
      static supportedEntryTypes = paintTiming ? ["paint", "largest-contentful-paint"] : [];
      constructor(callback: (typeof observers)[number]) {
        observers.push(callback);
      }
      observe() {}
    }
    new Function("document", "requestAnimationFrame", "setTimeout", "PerformanceObserver", code as string)(
      document,
      (callback: () => void) => frames.push(callback),
      (callback: () => void, ms: number) => timers.push({ callback, ms }),
      FakeObserver,
    );
    const expected = [
      { parent: "head", element: { rel: "modulepreload", href: "/assets/entry.js", nonce: "n0" } },
      { parent: "head", element: { rel: "modulepreload", href: "/assets/framework.js", nonce: "n0" } },
      { parent: "body", element: { type: "module", nonce: "n0", textContent: "import 'x';" } },
    ];
    return { added, frames, timers, observers, expected };
  }

  it("runs the module script after the first contentful paint, with the preloads and the nonce back", async () => {
    const { added, frames, timers, observers, expected } = await runLoader(true);
    expect(frames).toEqual([]);
    expect(timers.map((timer) => timer.ms)).toEqual([3000]);
    const disconnect = { disconnect() {} };
    observers[0]?.({ getEntriesByName: () => [] }, disconnect);
    expect(timers).toHaveLength(1);
    observers[0]?.({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) }, disconnect);
    expect(added).toEqual([]);
    timers[1]?.callback();
    expect(added).toEqual(expected);
    timers[0]?.callback();
    expect(added).toEqual(expected);
  });

  it("without Paint Timing, runs it a frame and a task later", async () => {
    const { added, frames, timers, expected } = await runLoader(false);
    expect(added).toEqual([]);
    frames.shift()?.();
    expect(added).toEqual([]);
    timers.shift()?.callback();
    expect(added).toEqual(expected);
  });

  it("passes a page without module preloads, and a body without a head, through", async () => {
    const plain = "<!DOCTYPE html><html><head><title>x</title></head><body><p>é</p></body></html>";
    expect(await through([encode(plain)])).toBe(plain);
    expect(await through([encode("{"), encode('"ok":true}')])).toBe('{"ok":true}');
  });
});
