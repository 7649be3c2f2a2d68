import { withHeaders } from "./response";

/** Security headers set on every response the Worker sends (docs/architecture.md, security baseline). */
/**
 * `formActionSources`: other origins a form may lead to. CSP form-action also applies to the redirect
 * after a form POST, so the OAuth providers' authorize origins must be listed (the sign-in buttons post
 * to /auth/:provider, which redirects there).
 */
export function contentSecurityPolicy(nonce: string, isDev: boolean, formActionSources: string[] = []): string {
  const scriptSrc = isDev ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}' 'strict-dynamic'`;
  const connectSrc = isDev ? "'self' ws: wss:" : "'self' wss:";
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connectSrc}`,
    // Cloudflare Turnstile's widget (its script is allowed by the page's nonce; it draws in a frame of its own).
    "frame-src https://www.youtube.com https://player.twitch.tv https://challenges.cloudflare.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action ${["'self'", ...formActionSources].join(" ")}`,
    "object-src 'none'",
  ].join("; ");
}

export function withSecurityHeaders(
  response: Response,
  nonce: string,
  isDev: boolean,
  formActionSources: string[] = [],
): Response {
  // Upgrade responses (WebSockets) and redirects keep their own headers object semantics.
  if (response.status === 101) return response;
  const html = (response.headers.get("Content-Type") ?? "").includes("text/html");
  return withHeaders(response, (headers) => {
    if (html) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, isDev, formActionSources));
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (!isDev) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  });
}

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
