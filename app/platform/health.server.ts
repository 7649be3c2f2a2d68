/**
 * What /healthz checks: the bindings a request or a job needs. D1 answers a query, both R2 buckets answer a listing,
 * and both queue producers are bound (a queue cannot be asked without sending to it). Each check reports how long it
 * took; a failing one names its error. Nothing here reads or returns user data.
 */
type HealthCheck = { ok: boolean; ms: number; error?: string };
export type Health = { ok: boolean; checks: Record<string, HealthCheck> };

async function timed(check: () => Promise<unknown>): Promise<HealthCheck> {
  const started = Date.now();
  try {
    await check();
    return { ok: true, ms: Date.now() - started };
  } catch (error) {
    return { ok: false, ms: Date.now() - started, error: error instanceof Error ? error.message : String(error) };
  }
}

export async function health(env: Env): Promise<Health> {
  const bound = (name: string, binding: unknown) => async () => {
    if (!binding || typeof (binding as Queue).send !== "function") throw new Error(`${name} is not bound`);
  };
  const [d1, r2Media, r2Private, queueJobs, queueFanout] = await Promise.all([
    timed(() => env.DB.prepare("SELECT 1 AS ok").first()),
    timed(() => env.MEDIA.list({ limit: 1 })),
    timed(() => env.PRIVATE_FILES.list({ limit: 1 })),
    timed(bound("JOBS", env.JOBS)),
    timed(bound("FANOUT", env.FANOUT)),
  ]);
  const checks: Record<string, HealthCheck> = { d1, r2Media, r2Private, queueJobs, queueFanout };
  return { ok: Object.values(checks).every((check) => check.ok), checks };
}
