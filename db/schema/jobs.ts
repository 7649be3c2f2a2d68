/**
 * The scheduled jobs' last runs (workers/scheduled.ts): one row per task, overwritten by each run, so the development
 * page /dev/jobs (and anyone reading the database) sees when each job last ran, whether it worked and what it did.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, timestamp } from "./columns";

export const jobRuns = sqliteTable("job_runs", {
  task: text("task").primaryKey(),
  cron: text("cron").notNull(),
  ranAt: timestamp("ran_at").notNull(),
  ok: bool("ok").notNull(),
  /** What the run did, as its log line says it (JSON), or its error's message. */
  outcome: text("outcome").notNull(),
  runs: integer("runs").notNull().default(1),
});
