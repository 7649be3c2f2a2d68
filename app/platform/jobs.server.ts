import { log } from "./log.server";

/**
 * The JOBS queue (wrangler.toml): work a committed change still owes, each job naming one row that records it (an
 * owed refund, an outbox message). The row is the record, the queue only a reminder: a job lost here is found by
 * the every-minute cron's sweep of due rows.
 */
export type Job = { job: "refund"; id: string } | { job: "message"; id: string };

/** Queues jobs (optionally after a delay, for a retry's backoff). Never fails the caller: the cron sweeps. */
export async function enqueueJobs(env: Env, jobs: readonly Job[], delaySeconds = 0): Promise<void> {
  if (jobs.length === 0) return;
  try {
    for (let start = 0; start < jobs.length; start += 100) {
      await env.JOBS.sendBatch(
        jobs.slice(start, start + 100).map((body) => ({ body, delaySeconds: delaySeconds || undefined })),
      );
    }
  } catch (error) {
    log.error("jobs.enqueue_failed", { jobs: jobs.length, delaySeconds, leftFor: "cron sweep", error });
  }
}

/** Seconds to wait before the attempt after `attempts` failures: 30 s doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

export function isJob(body: unknown): body is Job {
  const job = body as Job | null;
  return !!job && (job.job === "refund" || job.job === "message") && typeof job.id === "string";
}
