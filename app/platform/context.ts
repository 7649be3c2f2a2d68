import { createContext } from "react-router";

/** What the Worker hands every loader and action: its bindings, its execution context and the CSP nonce. */
export type CloudflareContext = {
  env: Env;
  ctx: ExecutionContext;
  cf: IncomingRequestCfProperties | undefined;
  nonce: string;
};

export const cloudflareContext = createContext<CloudflareContext>();
