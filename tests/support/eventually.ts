import { vi } from "vitest";

/**
 * The one polling helper of the tests: waits until `check` gives a truthy value (sync or async) and returns it, or
 * fails with `what` after `timeout` ms. A condition with a generous cap for a busy machine, never a fixed sleep.
 */
export function eventually<T>(
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  options: { timeout?: number; interval?: number; what?: string } = {},
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error(options.what ?? "condition not met in time");
      return value;
    },
    { timeout: options.timeout ?? 10_000, interval: options.interval ?? 20 },
  );
}
