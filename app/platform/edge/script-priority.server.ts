/**
 * The page's scripts are fetched after its first paint (docs/decisions/017-first-paint-and-render-cost.md).
 *
 * React Router's `<Scripts>` gives every page `<link rel="modulepreload">` tags (React hoists them to the top of
 * `<head>`) and an inline `<script type="module">` that imports the route modules and the client entry: ~120 KiB
 * gzip, fetched while the document itself is still arriving. The page needs no script to paint (every form works
 * without JavaScript), so in builds this rewrites the stream:
 *
 * - the head's module preloads are taken out (their URLs are kept);
 * - the inline module script is made inert (`type="text/x-after-paint"`), and right after it comes a small loader
 *   that, once the browser reports the first contentful paint (Paint Timing; where that is not supported, after the
 *   next frame), puts the preloads back and runs the module script: the same scripts, fetched in parallel, starting
 *   after the first paint instead of during the document's download. A tab opened in the background (no paint
 *   until it is shown) loads them at once, and a paint that never comes stops holding them after 3 s.
 *
 * Everything else passes as is; once the loader is out, the rest of the stream (React's streamed data) flows on
 * chunk by chunk. A body without a head is sent as it is when it ends.
 */
const PRELOAD_TAG = /<link rel="modulepreload"[^>]*>/g;
const HREF = /\shref="([^"]*)"/;
const MODULE_SCRIPT = ' type="module" async="">';
const INERT_TYPE = "text/x-after-paint";
const SCRIPT_END = "</script>";

/** The loader's code: `hrefs` are the preloads taken out of the head; the inert script is its previous sibling. */
function loader(hrefs: string[]): string {
  const list = JSON.stringify(hrefs).replaceAll("<", "\\u003c");
  return (
    "(function(d,hrefs){var me=d.currentScript,code=me.previousElementSibling,done=0;" +
    "function go(){if(done)return;done=1;" +
    'for(var i=0;i<hrefs.length;i++){var l=d.createElement("link");l.rel="modulepreload";l.href=hrefs[i];l.nonce=me.nonce;d.head.appendChild(l)}' +
    'var s=d.createElement("script");s.type="module";s.nonce=me.nonce;s.textContent=code.textContent;d.body.appendChild(s)}' +
    'function painted(){try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>-1){' +
    'new PerformanceObserver(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0)}}).observe({type:"paint",buffered:true});' +
    "setTimeout(go,3000);return}}catch(e){}requestAnimationFrame(function(){setTimeout(go,0)})}" +
    'if(d.visibilityState==="hidden")go();else{d.addEventListener("visibilitychange",go);painted()}' +
    `})(document,${list})`
  );
}

type Phase = "head" | "body" | "through";

export function scriptsAfterFirstPaint(body: ReadableStream<Uint8Array>, nonce: string): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let phase: Phase = "head";
  let held = "";
  const hrefs: string[] = [];

  /** Rewrites what is held as far as it can; returns the text that may be sent now. */
  function advance(): string {
    let out = "";
    if (phase === "head") {
      const end = held.indexOf("</head>");
      if (end === -1) return out;
      const head = held.slice(0, end).replace(PRELOAD_TAG, (tag) => {
        const href = HREF.exec(tag)?.[1];
        if (href) hrefs.push(href);
        return "";
      });
      out = head;
      held = held.slice(end);
      phase = hrefs.length > 0 ? "body" : "through";
      if (phase === "through") {
        out += held;
        held = "";
        return out;
      }
    }
    if (phase === "body") {
      const at = held.indexOf(MODULE_SCRIPT);
      const close = at === -1 ? -1 : held.indexOf(SCRIPT_END, at);
      if (close === -1) {
        // Keep holding until the module script is whole; a page that ends without one is sent as it is.
        if (held.includes("</body>")) {
          phase = "through";
          out += held;
          held = "";
        }
        return out;
      }
      const after = close + SCRIPT_END.length;
      out +=
        held.slice(0, at) +
        ` type="${INERT_TYPE}">` +
        held.slice(at + MODULE_SCRIPT.length, after) +
        `<script nonce="${nonce}">${loader(hrefs)}</script>` +
        held.slice(after);
      held = "";
      phase = "through";
    }
    return out;
  }

  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        // Decoded as a stream, so a character split between chunks stays whole (even after the rewrite).
        const text = decoder.decode(chunk, { stream: true });
        if (phase === "through") {
          if (text) controller.enqueue(encoder.encode(text));
          return;
        }
        held += text;
        const out = advance();
        if (out) controller.enqueue(encoder.encode(out));
      },
      flush(controller) {
        held += decoder.decode();
        const out = (phase === "through" ? "" : advance()) + held;
        if (out) controller.enqueue(encoder.encode(out));
      },
    }),
  );
}
