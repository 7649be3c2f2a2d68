import { AsyncLocalStorage } from "node:async_hooks";
import { log } from "./log.server";

/**
 * Work that must not hold up the answer (tracking events): run after the response through the request's
 * `ctx.waitUntil`, found without threading it through every call. workers/fetch.ts opens the scope around each
 * request; outside one (a cron, a test calling a use case directly) the work simply runs on its own. Failures are
 * logged, never thrown at the request.
 */
const scope = new AsyncLocalStorage<(work: Promise<unknown>) => void>();

export function withAfterResponse<T>(ctx: ExecutionContext, run: () => T): T {
  return scope.run((work) => ctx.waitUntil(work), run);
}

export function afterResponse(work: () => Promise<unknown>): void {
  const guarded = Promise.resolve()
    .then(work)
    .catch((error: unknown) => log.error("after_response.failed", { error }));
  scope.getStore()?.(guarded);
}
