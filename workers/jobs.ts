import { deliverDueMessages, deliverMessages } from "../app/features/messages/index.server";
import { sweepWaitlists } from "../app/features/waitlist/index.server";
import { convertStrayBalances, settleDueRefunds, settleRefunds } from "../app/features/wallet/index.server";
import { isJob, type Job } from "../app/platform/jobs.server";
import { log } from "../app/platform/log.server";

/**
 * The JOBS queue's consumer: each message names an owed refund or an outbox message. Carrying them out records its
 * own failures on the rows and queues the retry after a backoff, so every message of the batch is acknowledged; a
 * batch that throws before that is retried by the queue, and anything left is found by the cron's sweep.
 */
export async function runJobs(env: Env, batch: MessageBatch): Promise<void> {
  const jobs = batch.messages.map((message) => message.body).filter(isJob) as Job[];
  const refunds = jobs.filter((job) => job.job === "refund").map((job) => job.id);
  const messages = jobs.filter((job) => job.job === "message").map((job) => job.id);
  const now = new Date();
  const settled = refunds.length > 0 ? await settleRefunds(env, refunds, now) : null;
  const delivered = messages.length > 0 ? await deliverMessages(env, messages, now) : null;
  log.info("jobs.batch", {
    queue: batch.queue,
    messages: batch.messages.length,
    refundsSettled: settled?.settled.length ?? 0,
    refundsFailed: settled?.failed.length ?? 0,
    messagesSent: delivered?.sent.length ?? 0,
    messagesFailed: delivered?.failed.length ?? 0,
  });
  batch.ackAll();
}

/**
 * The every-minute sweep: waitlist offers whose hold lapsed (the next fan in line is offered) and free seats a waiting
 * fan fits, owed refunds and outbox messages whose next attempt is due, and wallets holding money outside their fan's
 * currency (a refund of an order paid before a change of country). Never throws; every run logs its outcome
 * (`jobs.sweep`, docs/decisions/021-logging.md).
 */
export async function sweepOwedWork(env: Env, now: Date): Promise<void> {
  try {
    const waitlists = await sweepWaitlists(env, now);
    const refunds = await settleDueRefunds(env, now);
    const messages = await deliverDueMessages(env, now);
    const wallets = await convertStrayBalances(env, now);
    log.info("jobs.sweep", {
      refundsSettled: refunds.settled.length,
      refundsFailed: refunds.failed.length,
      messagesSent: messages.sent.length,
      messagesFailed: messages.failed.length,
      walletsConverted: wallets.length,
      waitlistOffersLapsed: waitlists.lapsed,
      waitlistOffersMade: waitlists.offered,
    });
  } catch (error) {
    log.error("jobs.sweep", { error });
  }
}
