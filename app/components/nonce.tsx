import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

/** Carries the per-request CSP nonce to <Scripts>, <Links> and <ScrollRestoration> on the server. */
export const NonceProvider = NonceContext.Provider;

let clientNonce: string | undefined;

/**
 * The request's CSP nonce: from the context on the server; in the browser, from the page's own scripts. Browsers
 * blank the nonce attribute but keep the value in the element's `nonce` property, and React (19.3) compares that
 * property while hydrating: rendering "" on the client reported a hydration mismatch on every element with a nonce
 * (in development, the stylesheet link first).
 */
export function useNonce(): string {
  const fromServer = useContext(NonceContext);
  if (typeof document === "undefined") return fromServer;
  clientNonce ??= document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  return clientNonce;
}
