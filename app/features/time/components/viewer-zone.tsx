import { createContext, useContext } from "react";
import { FALLBACK_TIME_ZONE, TIME_ZONE_COOKIE, type ViewerZone } from "../zone";

/**
 * The viewer's zone as the server resolved it (root loader, docs/decisions/019-viewer-time-zone.md), for every
 * component that shows a time. Server and browser read the same value, so times never change on hydration.
 */
const ViewerZoneContext = createContext<string>(FALLBACK_TIME_ZONE);

export const ViewerZoneProvider = ViewerZoneContext.Provider;

export function useViewerZone(): string {
  return useContext(ViewerZoneContext);
}

/** A year: the hint is only a default, rewritten on every page from the browser's own zone. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The client-hint script (docs/decisions/019): writes the browser's zone into the `tz` cookie, and reloads once
 * when the cookie was missing, the page was drawn in a zone whose clock differs (now or in six months, for daylight
 * saving; so Asia/Calcutta and Asia/Kolkata agree) and no saved zone decides anyway. It reloads only when the
 * cookie took (cookies off would otherwise reload forever). The clocks are compared only when it might reload: each
 * comparison makes a time-zone formatter, whose first one costs a phone tens of milliseconds before the first paint.
 * For the same reason the browser's zone is read from `Temporal.Now.timeZoneId()` where the browser has Temporal
 * (under a millisecond, against 120-160 ms for a fresh page's first `Intl.DateTimeFormat()` in Chromium 156 on this
 * machine), and from `Intl.DateTimeFormat().resolvedOptions()` where it has not.
 */
export function timeZoneHintScript(viewer: ViewerZone): string {
  const settings = JSON.stringify({
    served: viewer.zone,
    reload: viewer.source !== "saved",
    cookie: TIME_ZONE_COOKIE,
    maxAge: COOKIE_MAX_AGE,
  }).replace(/</g, "\\u003c");
  return `(function(s){try{var N=typeof Temporal==="object"&&Temporal.Now,z=N&&N.timeZoneId?N.timeZoneId():Intl.DateTimeFormat().resolvedOptions().timeZone;if(!z)return;var p=new RegExp("(?:^|;\\\\s*)"+s.cookie+"=");var had=p.test(document.cookie);document.cookie=s.cookie+"="+encodeURIComponent(z)+"; Path=/; Max-Age="+s.maxAge+"; SameSite=Lax";if(had||!s.reload||z===s.served)return;var n=Date.now(),differs=[0,15552e6].some(function(d){var t=new Date(n+d);return t.toLocaleString("en-US",{timeZone:z})!==t.toLocaleString("en-US",{timeZone:s.served})});if(differs&&p.test(document.cookie))location.reload();}catch(e){}})(${settings});`;
}

/** The inline script, with the page's CSP nonce (app/platform/security-headers.ts allows only nonced inline scripts). */
export function TimeZoneHint({ viewer, nonce }: { viewer: ViewerZone; nonce: string }) {
  return (
    <script
      nonce={nonce}
      // The browser hides a nonce's value once parsed; React must not report the empty attribute as a mismatch.
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script whose only data is JSON-escaped above.
      dangerouslySetInnerHTML={{ __html: timeZoneHintScript(viewer) }}
    />
  );
}
