import { ORIGIN, request } from "./app";

/**
 * A minimal browser for integration tests: keeps cookies across requests and follows redirects by hand.
 * Requests to the app go through the Worker (`exports.default.fetch`); requests to other origins (the
 * OAuth stand-in) go through the Worker runtime's outbound fetch, which the tests route to the stand-in.
 */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(readonly ip = "198.51.100.7") {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async send(target: string, init: RequestInit): Promise<Response> {
    const url = new URL(target, ORIGIN);
    if (url.origin !== ORIGIN) {
      return fetch(url, { ...init, redirect: "manual" });
    }
    const headers = new Headers(init.headers);
    headers.set("CF-Connecting-IP", this.ip);
    // A Cookie header given by the caller is sent along with the cookies kept from earlier answers.
    const cookie = [headers.get("Cookie"), this.cookieHeader()].filter(Boolean).join("; ");
    if (cookie) headers.set("Cookie", cookie);
    return this.store(await request(`${url.pathname}${url.search}`, { ...init, headers }));
  }

  get(target: string, headers: HeadersInit = {}): Promise<Response> {
    return this.send(target, { headers });
  }

  post(target: string, fields: Record<string, string>, headers: HeadersInit = {}): Promise<Response> {
    return this.send(target, { method: "POST", body: new URLSearchParams(fields), headers });
  }

  postJson(target: string, body: unknown, headers: HeadersInit = {}): Promise<Response> {
    return this.send(target, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", ...Object.fromEntries(new Headers(headers)) },
    });
  }

  /** Follows redirects from `response`; returns the last response and the path of every hop. */
  async follow(response: Response, maxHops = 10): Promise<{ response: Response; hops: string[] }> {
    const hops: string[] = [];
    let current = response;
    while (current.status >= 300 && current.status < 400 && hops.length < maxHops) {
      const location = current.headers.get("Location") ?? "";
      hops.push(location);
      current = await this.get(location);
    }
    return { response: current, hops };
  }

  /** True when the app's header shows the logged-in menu. */
  async isLoggedIn(): Promise<boolean> {
    const html = await (await this.get("/contact-us")).text();
    return html.includes("Log out");
  }
}
