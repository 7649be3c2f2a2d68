import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./script-priority.server";

async function through(chunks: string[]): Promise<string> {
  const encoder = new TextEncoder();
  const bytes = chunks.map((chunk) => encoder.encode(chunk));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of bytes) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(lowPriorityModulePreloads(stream)).text();
}

const PAGE =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js" nonce="n"/><link rel="modulepreload" href="/assets/framework.js" nonce="n"/><style>h1{color:red}</style></head><body><h1>Prix ₹499 – Déjà vu</h1><p>&lt;link rel="modulepreload"&gt; is text here</p><link rel="modulepreload" href="/late.js"/></body></html>';
const EXPECTED = PAGE.replace(
  '<head><link rel="modulepreload" href="/assets/entry.js" nonce="n"/><link rel="modulepreload"',
  '<head><link rel="modulepreload" fetchpriority="low" href="/assets/entry.js" nonce="n"/><link rel="modulepreload" fetchpriority="low"',
);

describe("module preloads at low priority", () => {
  it("marks every preload in the head and leaves the body as it is", async () => {
    expect(await through([PAGE])).toBe(EXPECTED);
  });

  it("finds tags and multi-byte characters split across chunks, at every cut", async () => {
    const bytes = new TextEncoder().encode(PAGE);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, cut));
          controller.enqueue(bytes.slice(cut));
          controller.close();
        },
      });
      expect(await new Response(lowPriorityModulePreloads(stream)).text(), `cut at ${cut}`).toBe(EXPECTED);
    }
  });

  it("passes a body without a head through", async () => {
    expect(await through(["{", '"ok":true}'])).toBe('{"ok":true}');
  });
});
