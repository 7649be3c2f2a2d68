// Secrets are not in wrangler.jsonc, so `wrangler types` does not list them.
interface Env {
  SESSION_SECRET?: string;
}
