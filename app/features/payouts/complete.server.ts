import { sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { deliverMessages } from "~/features/messages/index.server";
import { getDb, nonEmptyBatch } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { outboxSelectStatement } from "~/platform/outbox.server";
import { payouts } from "~db/schema";
import { completionStatements } from "./admin-payouts.server";
import { PAYOUT_COPY } from "./copy";
import { runGuarded } from "./merge.server";
import { PAYOUT_COMPLETED_TEMPLATE } from "./payout-messages.server";
import { generatePayoutStatement } from "./statement.server";

export type CompletedPayouts = {
  ids: string[];
  /** Each payout's statement: its file, or the error that left it to be generated again (the payout stays completed). */
  spreadsheets: { payoutId: string; key?: string; size?: number; url?: string; error?: string }[];
};

/**
 * THE use case of completing payouts, for the staff page and POST /api/admin/mark-payout-complete alike: the payouts
 * turn completed, all or none, in one batch with their audit entries and the streamer's notification (an outbox row,
 * delivered at least once); then each statement (.xlsx) is generated. Once the batch has committed nothing here
 * throws: a statement that fails is reported in the result (and can be generated again), never as an error after the
 * money was marked paid.
 */
export async function completePayouts(
  env: Env,
  viewer: Viewer | null,
  payoutIds: string[],
  now = new Date(),
): Promise<CompletedPayouts> {
  assertStaff(viewer, "payouts");
  const db = getDb(env);
  const { ids, statements } = await completionStatements(db, viewer, payoutIds, now);
  const notices = outboxSelectStatement(
    db,
    {
      channel: "notification",
      template: PAYOUT_COMPLETED_TEMPLATE,
      key: sql`${`${PAYOUT_COMPLETED_TEMPLATE}:`} || ${payouts.id} || ':notification'`,
      params: sql`json_object('payoutId', ${payouts.id})`,
      table: payouts,
      where: sql`${payouts.status} = 'completed' AND ${payouts.completedAt} = ${now.getTime()} AND ${payouts.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
    },
    now,
  );
  await runGuarded(() => db.batch(nonEmptyBatch([...statements, notices])), PAYOUT_COPY.completeError);
  const spreadsheets: CompletedPayouts["spreadsheets"] = [];
  for (const payoutId of ids) {
    try {
      spreadsheets.push({ payoutId, ...(await generatePayoutStatement(env, viewer, payoutId, now)) });
    } catch (error) {
      log.error("payout.statement_failed", { payoutId, error });
      spreadsheets.push({ payoutId, error: PAYOUT_COPY.statementError });
    }
  }
  try {
    await deliverMessages(
      env,
      ids.map((id) => `${PAYOUT_COMPLETED_TEMPLATE}:${id}:notification`),
      now,
    );
  } catch (error) {
    // The rows are written: the JOBS queue and the cron deliver them.
    log.error("payout.notices_failed", { payoutIds: ids, error });
  }
  return { ids, spreadsheets };
}
