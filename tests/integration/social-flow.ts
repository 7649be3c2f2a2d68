import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { ORIGIN } from "./app";
import type { Client } from "./client";

export type Provider = "discord" | "google";
export type Identity =
  | string
  | { custom_id: string; custom_name: string; custom_email?: string; custom_verified?: "yes" };

export const STAND_IN = env.OAUTH_STAND_IN_ORIGIN;
let counter = 0;
export const unique = () => `${Date.now().toString(36)}${++counter}`;

/** Runs the browser's part up to the app's callback: start, consent page, choice, back to the app. */
export async function throughProvider(
  client: Client,
  provider: Provider,
  identity: Identity,
  options: { redirectTo?: string } = {},
) {
  const start = await client.post(`/auth/${provider}`, options.redirectTo ? { redirectTo: options.redirectTo } : {});
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("Location") ?? "");
  expect(authorize.origin).toBe(STAND_IN);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/${provider}/callback`);

  const consent = await client.get(authorize.toString());
  expect(consent.status).toBe(200);
  expect(await consent.text()).toContain("Continue as");

  const choice = typeof identity === "string" ? { identity } : { identity: "custom", ...identity };
  const chosen = await client.post(`${authorize.origin}${authorize.pathname}`, {
    ...Object.fromEntries(authorize.searchParams),
    ...choice,
  });
  expect(chosen.status).toBe(302);
  const callback = new URL(chosen.headers.get("Location") ?? "");
  expect(callback.pathname).toBe(`/auth/${provider}/callback`);
  return { callback, response: await client.get(`${callback.pathname}${callback.search}`) };
}
