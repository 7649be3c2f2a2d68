import { asc, sql } from "drizzle-orm";
import { jobRuns } from "~db/schema";
import { getDb } from "./db.server";

/**
 * The scheduled jobs' last runs (db/schema/jobs.ts): each run of a task overwrites its row, so /dev/jobs shows when
 * each last ran, whether it worked, and what it did. Never fails the job it records.
 */
export async function recordJobRun(
  env: Env,
  run: { task: string; cron: string; at: Date; ok: boolean; outcome: string },
): Promise<void> {
  try {
    await getDb(env)
      .insert(jobRuns)
      .values({ task: run.task, cron: run.cron, ranAt: run.at, ok: run.ok, outcome: run.outcome })
      .onConflictDoUpdate({
        target: jobRuns.task,
        set: { cron: run.cron, ranAt: run.at, ok: run.ok, outcome: run.outcome, runs: sql`${jobRuns.runs} + 1` },
      });
  } catch {
    // The run's own log line already says what happened.
  }
}

export type JobRun = typeof jobRuns.$inferSelect;

export function lastJobRuns(env: Env): Promise<JobRun[]> {
  return getDb(env).select().from(jobRuns).orderBy(asc(jobRuns.task));
}
