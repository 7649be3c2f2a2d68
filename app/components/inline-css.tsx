import { createContext, useContext } from "react";

/**
 * The site's stylesheet, inlined into the first HTML page in production builds (docs/decisions/017): a separate stylesheet is
 * a render-blocking request (one more round trip before first paint, and on HTTP/1.1 it queued behind the page's
 * module preloads). The server render gets the CSS text from entry.server.tsx; the client never has it (it would
 * cost ~7 KiB of JavaScript) and renders an empty element with the same shape: React does not compare or rewrite
 * dangerouslySetInnerHTML while hydrating, so the server's text stays, and the root layout never re-renders it.
 * Development renders it empty and keeps a stylesheet link (root.tsx's links(), so Vite reloads styles).
 */
const InlineCssContext = createContext<string>("");

export const InlineCssProvider = InlineCssContext.Provider;

export function InlineCss() {
  const css = useContext(InlineCssContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own built stylesheet, not user input
  return <style data-app-css="" dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
