/**
 * A local stand-in for the Discord, Google and Twitch OAuth 2.0 providers, used by development and tests.
 *
 * It speaks the same protocol as the real ones, so the app's real adapter (remix-auth-oauth2's
 * OAuth2Strategy, pointed at these endpoints by configuration) runs the whole flow against it:
 *
 *   GET  {base}/{provider}/authorize   a consent page listing a few fake identities (one without email)
 *                                      and a form for a custom one
 *   POST {base}/{provider}/authorize   the choice; redirects to redirect_uri with ?code&state
 *   POST {base}/{provider}/token       authorization_code grant: client secret (Basic or body),
 *                                      redirect_uri, PKCE S256 verifier; each code works once
 *   GET  {base}/discord/users/@me      Discord's user object {id, username, global_name, email, verified, avatar}
 *   GET  {base}/google/userinfo        Google's OpenID userinfo {sub, email, email_verified, name, picture}
 *   GET  {base}/twitch/helix/users     Twitch's Helix users {data: [{id, login, display_name}]} (Twitch is the
 *                                      chat connection and profile link; it takes no PKCE)
 *   GET  {base}/avatar/{name}.svg      a generated picture for the fake identities
 *
 * It is one plain `(request) => Promise<Response>` handler with no dependencies, so the same code is
 * mounted inside the Worker (workers/fetch.ts, development only) and in Node for the workerd tests
 * (vitest.config.ts routes the Worker's outbound fetches to it).
 *
 * Codes and access tokens are self-contained and HMAC-signed, so two instances configured with the
 * same clients accept each other's codes; only the "already used" memory is per instance.
 */
import { base64url, hmacKey, signClaims, verifyClaims } from "~/lib/crypto";
import { escapeHtml } from "~/lib/html";
import { STAND_IN_IDENTITIES, type StandInIdentity, type StandInProviderName } from "./identities";

export type StandInClient = { clientId: string; clientSecret: string };
export type StandInOptions = {
  /** Path prefix the handler is mounted at, e.g. "/__stand-in/oauth" or "" (no trailing slash). */
  basePath: string;
  /** The registered OAuth clients, one per provider. */
  clients: Record<StandInProviderName, StandInClient>;
  /** Lifetime of an authorization code (default 60 s) and of an access token (default 1 h). */
  codeTtlMs?: number;
  accessTokenTtlMs?: number;
  now?: () => number;
};

const PROVIDERS: readonly StandInProviderName[] = ["discord", "google", "twitch"];
const encoder = new TextEncoder();

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

type CodeClaims = {
  typ: "code";
  prv: StandInProviderName;
  cid: string;
  uri: string;
  chl: string;
  scp: string;
  exp: number;
  jti: string;
  who: StandInIdentity;
};
type TokenClaims = { typ: "access"; prv: StandInProviderName; exp: number; scp: string; who: StandInIdentity };

export function createStandInProvider(options: StandInOptions): (request: Request) => Promise<Response> {
  const now = options.now ?? Date.now;
  const codeTtl = options.codeTtlMs ?? 60_000;
  const tokenTtl = options.accessTokenTtlMs ?? 60 * 60_000;
  const usedCodes = new Map<string, number>();
  const material = PROVIDERS.map((p) => `${options.clients[p].clientId}:${options.clients[p].clientSecret}`).join("|");
  const key = () => hmacKey("noobrd-stand-in-oauth", material);

  async function seal(claims: CodeClaims | TokenClaims): Promise<string> {
    return signClaims(await key(), claims);
  }

  async function open<T extends CodeClaims | TokenClaims>(token: string, typ: T["typ"]): Promise<T | null> {
    const claims = (await verifyClaims(await key(), token)) as T | null;
    if (!claims || typeof claims !== "object" || claims.typ !== typ || claims.exp <= now()) return null;
    return claims;
  }

  function forgetOldCodes() {
    const t = now();
    for (const [jti, exp] of usedCodes) if (exp <= t) usedCodes.delete(jti);
  }

  /** Checks the authorization request's parameters; returns an error text or the parsed request. */
  function readAuthorizeParams(provider: StandInProviderName, params: URLSearchParams) {
    const client = options.clients[provider];
    const get = (name: string) => params.get(name) ?? "";
    if (get("response_type") !== "code") return { error: "response_type must be code" } as const;
    if (get("client_id") !== client.clientId) return { error: "unknown client_id" } as const;
    let redirectUri: URL;
    try {
      redirectUri = new URL(get("redirect_uri"));
    } catch {
      return { error: "redirect_uri is missing or not absolute" } as const;
    }
    // Like a registered redirect URI: only the app's callback for this provider.
    // Twitch is the app's chat connection and profile link, not a sign-in: its callbacks end in /twitch/callback.
    const callback = provider === "twitch" ? "/twitch/callback" : `/auth/${provider}/callback`;
    if (!redirectUri.pathname.endsWith(callback) || !/^https?:$/.test(redirectUri.protocol)) {
      return { error: "redirect_uri is not registered for this client" } as const;
    }
    // Twitch does not take PKCE (its clients are confidential); the others require it, as they allow it.
    const pkce = provider !== "twitch" || get("code_challenge") !== "";
    if (pkce && (get("code_challenge_method") !== "S256" || !/^[\w-]{43}$/.test(get("code_challenge")))) {
      return { error: "PKCE with code_challenge_method=S256 is required" } as const;
    }
    if (!get("state")) return { error: "state is required" } as const;
    return {
      redirectUri: redirectUri.toString(),
      state: get("state"),
      challenge: get("code_challenge"),
      scope: get("scope"),
      clientId: client.clientId,
    } as const;
  }

  function hiddenFields(params: URLSearchParams) {
    return ["response_type", "client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method", "scope"]
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? "")}">`)
      .join("");
  }

  function consentPage(provider: StandInProviderName, params: URLSearchParams, action: string) {
    const title = { discord: "Discord", google: "Google", twitch: "Twitch" }[provider];
    const hidden = hiddenFields(params);
    const identities = STAND_IN_IDENTITIES[provider]
      .map(
        (who) =>
          `<form method="post" action="${escapeHtml(action)}">${hidden}<input type="hidden" name="identity" value="${escapeHtml(who.key)}"><button type="submit">Continue as ${escapeHtml(who.label)}</button></form>`,
      )
      .join("");
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} stand-in: authorize Noobrd</title>
<style>body{font-family:system-ui,sans-serif;background:#111318;color:#eee;max-width:34rem;margin:3rem auto;padding:0 1rem}button{display:block;width:100%;margin:.4rem 0;padding:.7rem;border-radius:.5rem;border:1px solid #444;background:#23262f;color:#fff;font-size:1rem;cursor:pointer;text-align:left}fieldset{border:1px solid #333;border-radius:.5rem;margin-top:1.5rem}label{display:block;margin:.5rem 0}input[type=text],input[type=email]{width:100%;padding:.5rem;background:#1a1d24;color:#fff;border:1px solid #444;border-radius:.4rem}.note{color:#999;font-size:.9rem}</style></head>
<body><main><h1>${title} (local stand-in)</h1><p class="note">This is not the real ${title}. It stands in for it on this machine so sign-in works without the internet. Noobrd asks to know who you are${params.get("scope")?.includes("email") ? " and your email address" : ""}.</p>
<h2>Choose an identity</h2>${identities}
<form method="post" action="${escapeHtml(action)}">${hidden}<input type="hidden" name="identity" value="custom"><fieldset><legend>Or make up a new one</legend>
<label>Id <input type="text" name="custom_id" pattern="[A-Za-z0-9_.-]{1,64}" placeholder="a random one if empty"></label>
<label>Name <input type="text" name="custom_name" maxlength="64" placeholder="New Player"></label>
<label>Email (leave empty to share none) <input type="email" name="custom_email"></label>
<label><input type="checkbox" name="custom_verified" value="yes" checked> The email is verified</label>
<button type="submit">Continue as this identity</button></fieldset></form>
<form method="post" action="${escapeHtml(action)}">${hidden}<input type="hidden" name="identity" value="deny"><button type="submit">Cancel</button></form>
</main></body></html>`;
    return new Response(html, {
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
    });
  }

  function pickIdentity(provider: StandInProviderName, form: FormData): StandInIdentity | null {
    const choice = String(form.get("identity") ?? "");
    if (choice === "custom") {
      const rawId = String(form.get("custom_id") ?? "").trim();
      const id = /^[\w.-]{1,64}$/.test(rawId) ? rawId : `custom-${crypto.randomUUID()}`;
      const name =
        String(form.get("custom_name") ?? "")
          .trim()
          .slice(0, 64) || "New Player";
      const email = String(form.get("custom_email") ?? "")
        .trim()
        .toLowerCase();
      return {
        id,
        username: name.toLowerCase().replaceAll(/[^a-z0-9_.]+/g, "_"),
        name,
        email: email.includes("@") ? email : null,
        emailVerified: email.includes("@") && form.get("custom_verified") === "yes",
        avatar: null,
      };
    }
    const known = STAND_IN_IDENTITIES[provider].find((who) => who.key === choice);
    if (!known) return null;
    const { key: _key, label: _label, ...identity } = known;
    return identity;
  }

  async function authorize(provider: StandInProviderName, request: Request, url: URL): Promise<Response> {
    if (request.method === "GET") {
      const checked = readAuthorizeParams(provider, url.searchParams);
      if ("error" in checked) return new Response(`Bad authorization request: ${checked.error}`, { status: 400 });
      return consentPage(provider, url.searchParams, url.pathname);
    }
    if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
    const form = await request.formData();
    const params = new URLSearchParams();
    for (const [name, value] of form) if (typeof value === "string") params.set(name, value);
    const checked = readAuthorizeParams(provider, params);
    if ("error" in checked) return new Response(`Bad authorization request: ${checked.error}`, { status: 400 });
    const target = new URL(checked.redirectUri);
    target.searchParams.set("state", checked.state);
    if (params.get("identity") === "deny") {
      target.searchParams.set("error", "access_denied");
      target.searchParams.set("error_description", "The user cancelled");
      return Response.redirect(target.toString(), 302);
    }
    const who = pickIdentity(provider, form);
    if (!who) return new Response("Unknown identity", { status: 400 });
    const code = await seal({
      typ: "code",
      prv: provider,
      cid: checked.clientId,
      uri: checked.redirectUri,
      chl: checked.challenge,
      scp: checked.scope,
      exp: now() + codeTtl,
      jti: crypto.randomUUID(),
      who,
    });
    target.searchParams.set("code", code);
    return Response.redirect(target.toString(), 302);
  }

  function clientFrom(request: Request, form: FormData): { id: string; secret: string } {
    const header = request.headers.get("Authorization") ?? "";
    if (header.startsWith("Basic ")) {
      try {
        const decoded = atob(header.slice(6));
        const colon = decoded.indexOf(":");
        return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
      } catch {
        return { id: "", secret: "" };
      }
    }
    return { id: String(form.get("client_id") ?? ""), secret: String(form.get("client_secret") ?? "") };
  }

  async function token(provider: StandInProviderName, request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
    const form = await request.formData();
    const client = clientFrom(request, form);
    const registered = options.clients[provider];
    if (client.id !== registered.clientId || client.secret !== registered.clientSecret) {
      return json({ error: "invalid_client", error_description: "Client authentication failed" }, 401);
    }
    if (form.get("grant_type") !== "authorization_code") {
      return json({ error: "unsupported_grant_type" }, 400);
    }
    const claims = await open<CodeClaims>(String(form.get("code") ?? ""), "code");
    const invalid = (description: string) => json({ error: "invalid_grant", error_description: description }, 400);
    if (!claims || claims.prv !== provider || claims.cid !== client.id) return invalid("Unknown or expired code");
    if (String(form.get("redirect_uri") ?? "") !== claims.uri) return invalid("redirect_uri does not match");
    const verifier = String(form.get("code_verifier") ?? "");
    if (claims.chl && (!/^[\w.~-]{43,128}$/.test(verifier) || base64url(await sha256(verifier)) !== claims.chl)) {
      return invalid("PKCE verification failed");
    }
    forgetOldCodes();
    if (usedCodes.has(claims.jti)) return invalid("Code already used");
    usedCodes.set(claims.jti, claims.exp);
    const accessToken = await seal({
      typ: "access",
      prv: provider,
      exp: now() + tokenTtl,
      scp: claims.scp,
      who: claims.who,
    });
    return json({
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: Math.floor(tokenTtl / 1000),
      scope: claims.scp,
    });
  }

  async function userInfo(provider: StandInProviderName, request: Request, url: URL): Promise<Response> {
    const header = request.headers.get("Authorization") ?? "";
    const claims = header.startsWith("Bearer ") ? await open<TokenClaims>(header.slice(7), "access") : null;
    if (!claims || claims.prv !== provider) return json({ message: "401: Unauthorized", code: 0 }, 401);
    const who = claims.who;
    const sharesEmail = claims.scp.split(" ").includes("email");
    if (provider === "twitch") {
      return json({ data: [{ id: who.id, login: who.username, display_name: who.name, email: undefined }] });
    }
    if (provider === "discord") {
      return json({
        id: who.id,
        username: who.username,
        global_name: who.name,
        avatar: who.avatar,
        ...(sharesEmail ? { email: who.email, verified: who.emailVerified } : {}),
      });
    }
    const picture = `${url.origin}${options.basePath}/avatar/${encodeURIComponent(who.username)}.svg`;
    return json({
      sub: who.id,
      name: who.name,
      picture,
      ...(sharesEmail && who.email ? { email: who.email, email_verified: who.emailVerified } : {}),
    });
  }

  function avatar(name: string): Response {
    const letter = escapeHtml((name.trim()[0] ?? "?").toUpperCase());
    let hue = 0;
    for (const char of name) hue = (hue * 31 + char.charCodeAt(0)) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="hsl(${hue},55%,45%)"/><text x="48" y="62" font-family="sans-serif" font-size="44" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
    return new Response(svg, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600" } });
  }

  return async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${options.basePath}/`)) return new Response("Not found", { status: 404 });
    const [provider, ...rest] = url.pathname.slice(options.basePath.length + 1).split("/");
    const path = rest.join("/");
    if (provider === "avatar") {
      const name = decodeURIComponent(path).replace(/\.svg$/, "");
      return avatar(name);
    }
    if (provider !== "discord" && provider !== "google" && provider !== "twitch")
      return new Response("Not found", { status: 404 });
    if (path === "authorize") return authorize(provider, request, url);
    if (path === "token") return token(provider, request);
    if (provider === "discord" && (path === "users/@me" || path === "users/%40me")) {
      return userInfo(provider, request, url);
    }
    if (provider === "google" && path === "userinfo") return userInfo(provider, request, url);
    if (provider === "twitch" && path === "helix/users") return userInfo(provider, request, url);
    return new Response("Not found", { status: 404 });
  };
}
