/**
 * Zod, as the app imports it (`import { z } from "~/lib/zod"`; biome's noRestrictedImports refuses "zod" elsewhere).
 *
 * In a browser, Zod probes whether it may compile object parsers with `new Function` the first time an object schema
 * is built. Pages forbid eval (the CSP has no 'unsafe-eval': app/platform/security-headers.ts), so the probe fails:
 * Zod catches the error, but the browser still reports a CSP violation for it on every page that builds a schema. Jitless mode skips the probe and parses without compiling, which changes nothing for forms this size; on
 * Workers Zod never compiles anyway.
 */
import { config } from "zod/v4/core";

config({ jitless: true });

export { z } from "zod";
