import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

/** Carries the per-request CSP nonce to <Scripts> on the server; on the client it is not needed. */
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
