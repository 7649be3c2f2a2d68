import { deliverFanoutPage, type FanoutMessage } from "../app/features/notifications/index.server";
import { log } from "../app/platform/log.server";
import { runJobs } from "./jobs";

/** The JOBS queue (wrangler.toml); other queues' batches are the fan-out's. */
const JOBS_QUEUE_PREFIX = "noobrd-jobs";

/**
 * The queues (wrangler.toml "queues"). JOBS: owed refunds and outbox messages (runJobs). FANOUT: one page of "your
 * favourite star went live / added slots" notifications per message; a failed page is retried by the queue.
 */
export async function handleQueue(batch: MessageBatch, env: Env): Promise<void> {
  if (batch.queue.startsWith(JOBS_QUEUE_PREFIX)) {
    // runJobs logs the batch's outcome (jobs.batch); a batch that throws is retried by the queue.
    await runJobs(env, batch).catch((error: unknown) => {
      log.error("jobs.batch_failed", { queue: batch.queue, messages: batch.messages.length, error });
      throw error;
    });
    return;
  }
  let delivered = 0;
  for (const message of batch.messages) {
    try {
      await deliverFanoutPage(env, message.body as FanoutMessage);
      message.ack();
      delivered++;
    } catch (error) {
      const body = message.body as Partial<FanoutMessage> | null;
      log.error("fanout.page_failed", {
        kind: body?.kind,
        streamerId: body?.influencerId,
        attempts: message.attempts,
        error,
      });
      message.retry();
    }
  }
  log.info("fanout.batch", {
    queue: batch.queue,
    messages: batch.messages.length,
    delivered,
    retried: batch.messages.length - delivered,
  });
}
