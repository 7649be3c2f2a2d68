/**
 * The page's scripts are fetched after what it paints (docs/decisions/017-first-paint-and-render-cost.md, issue 22).
 *
 * React hoists React Router's `<link rel="modulepreload">` tags (entry, framework, route modules: ~120 KiB gzip)
 * to the top of `<head>`, before the inline stylesheet, so at "High" priority they are the first thing a phone
 * downloads, competing with the document whose text is the largest paint. The page needs no script to paint (the
 * scripts are modules: deferred), so this marks each of them `fetchpriority="low"`: still fetched at once and
 * in parallel, but after the document and its images. Only the head is read; the rest of the stream passes as is.
 */
const PRELOAD = '<link rel="modulepreload"';
const LOW = `${PRELOAD} fetchpriority="low"`;
const HEAD_END = new TextEncoder().encode("</head>");

/** Where `pattern` (ASCII) starts in `bytes`, from `from`; ASCII bytes never occur inside a multi-byte character. */
function indexOf(bytes: Uint8Array, pattern: Uint8Array, from: number): number {
  outer: for (let i = Math.max(0, from); i <= bytes.length - pattern.length; i++) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

export function lowPriorityModulePreloads(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  // The head is held until it is whole (React sends it in the shell's first chunk), then sent rewritten.
  let head: Uint8Array | null = new Uint8Array(0);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (head === null) {
          controller.enqueue(chunk);
          return;
        }
        const searchFrom = head.length - HEAD_END.length + 1;
        const bytes = concat(head, chunk);
        const at = indexOf(bytes, HEAD_END, searchFrom);
        if (at === -1) {
          head = bytes;
          return;
        }
        head = null;
        const text = new TextDecoder().decode(bytes.subarray(0, at)).replaceAll(PRELOAD, LOW);
        controller.enqueue(new TextEncoder().encode(text));
        controller.enqueue(bytes.subarray(at));
      },
      flush(controller) {
        if (head?.length) controller.enqueue(head);
      },
    }),
  );
}
