/// <reference types="@cloudflare/vitest-plugin/types" />
import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** Where the workerd tests' Discord/Google stand-in lives (vitest.config.ts). */
      OAUTH_STAND_IN_ORIGIN: string;
      /** Where the workerd tests' Stripe stand-in lives (vitest.config.ts). */
      STRIPE_STAND_IN_ORIGIN: string;
    }
  }
}
