import { eraseDueAccounts } from "../app/features/account-closure/index.server";
import {
  offerNoShowRefunds,
  refundStreamerNoShows,
  refundUnansweredMoveOffers,
  sendBookingReminders,
  sendReviewPrompts,
} from "../app/features/booking/index.server";
import { refreshUsdInrRate } from "../app/features/currency/index.server";
import { archiveSentMessages } from "../app/features/messages/index.server";
import { expirePacks } from "../app/features/packs/index.server";
import { expirePasses } from "../app/features/passes/index.server";
import { sweepExpiredHolds, sweepStaleCheckouts } from "../app/features/payments/index.server";
import { archiveOldEvents } from "../app/features/tracking/index.server";
import { optimizeDatabase } from "../app/platform/db.server";
import { appOrigin } from "../app/platform/env.server";
import { recordJobRun } from "../app/platform/job-runs.server";
import { log } from "../app/platform/log.server";
import { stripeStandInEnabled } from "../app/platform/stripe/payments.server";
import { handleFetch } from "./fetch";
import { sweepOwedWork } from "./jobs";
import { mountStripeStandIn } from "./stripe-stand-in";

/** The cron of booking reminders (wrangler.toml "triggers"); the other cron runs the half-hourly jobs. */
const REMINDERS_CRON = "*/5 * * * *";
/** The cron of the seat-hold sweeper (every minute: holds last HOLD_MINUTES). */
const HOLD_SWEEPER_CRON = "* * * * *";

/**
 * A cron task's outcome: one line, its failure an error line, never thrown past it; and its last run kept for
 * /dev/jobs (app/platform/job-runs.server.ts).
 */
function logged(
  env: Env,
  event: string,
  fields: { cron: string; task: string },
  work: Promise<Record<string, unknown>>,
) {
  const at = new Date();
  return work.then(
    (outcome) => {
      log.info(event, { ...fields, ...outcome, ok: true });
      return recordJobRun(env, { ...fields, at, ok: true, outcome: JSON.stringify(outcome) });
    },
    (error: unknown) => {
      log.error(event, { ...fields, ok: false, error });
      const message = error instanceof Error ? error.message : String(error);
      return recordJobRun(env, { ...fields, at, ok: false, outcome: message });
    },
  );
}

/**
 * Cron (wrangler.toml triggers). Every minute (HOLD_SWEEPER_CRON): seat holds whose time is up are marked
 * expired and their Checkout sessions expired through Stripe, and booked slots not started an hour after their start
 * are refunded as streamer no-shows, and offers of another time unanswered at their deadline are refunded. Every 5 minutes (REMINDERS_CRON): booking
 * reminders 24 hours and 15 minutes before each slot, each sent once even when runs overlap, and the erasure of
 * closed accounts whose 14 days are over. Every 30
 * minutes: refreshes the USD->INR rate once its next-update time has passed, keeps the query planner's
 * statistics current, and moves old sent messages and old product events to the private bucket (docs/capacity.md).
 */
export async function handleScheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  const now = new Date(controller.scheduledTime);
  const run = { cron: controller.cron };
  if (controller.cron === HOLD_SWEEPER_CRON) {
    if (import.meta.env.MODE !== "production" && stripeStandInEnabled(env)) {
      await mountStripeStandIn(env, ctx, appOrigin(env), handleFetch);
    }
    ctx.waitUntil(
      logged(
        env,
        "cron.run",
        { ...run, task: "hold-sweeper" },
        sweepExpiredHolds(env, now).then((swept) => ({ swept })),
      ),
    );
    // Card top-ups (plain, or paying a pack or a pass) whose Checkout can no longer be paid: ended once, as its
    // lost webhook would have ended it.
    ctx.waitUntil(
      logged(
        env,
        "cron.run",
        { ...run, task: "stale-checkouts" },
        sweepStaleCheckouts(env, now).then((ended) => ({ ended })),
      ),
    );
    // Booked slots not started an hour after their start: refunded in full, once (the streamer no-show rule).
    ctx.waitUntil(
      logged(
        env,
        "cron.run",
        { ...run, task: "streamer-no-shows" },
        refundStreamerNoShows(env, now).then((slots) => ({ slots: slots.length })),
      ),
    );
    // 15 minutes after the start of a slot not started: its fans are told the one-tap refund is there, once.
    ctx.waitUntil(
      logged(
        env,
        "cron.run",
        { ...run, task: "no-show-offers" },
        offerNoShowRefunds(env, now).then((told) => ({ told: told.length })),
      ),
    );
    // Offers of another time left unanswered at their deadline: refunded in full, once.
    ctx.waitUntil(
      logged(
        env,
        "cron.run",
        { ...run, task: "move-offers" },
        refundUnansweredMoveOffers(env, now).then((refunded) => ({ refunded })),
      ),
    );
    // Session packs that ran out: unused credits refunded pro rata to the wallet, once (ADR 027).
    ctx.waitUntil(
      logged(
        env,
        "cron.run",
        { ...run, task: "pack-expiry" },
        expirePacks(env, now).then((expired) => ({ expired })),
      ),
    );
    // VIP passes that ran out: unused places refunded pro rata to the wallet, once (ADR 032).
    ctx.waitUntil(
      logged(
        env,
        "cron.run",
        { ...run, task: "pass-expiry" },
        expirePasses(env, now).then((expired) => ({ expired })),
      ),
    );
    // What a committed change still owes, found by its rows whatever happened to its queued jobs (logs jobs.sweep).
    ctx.waitUntil(sweepOwedWork(env, now));
    return;
  }
  if (controller.cron === REMINDERS_CRON) {
    ctx.waitUntil(
      logged(
        env,
        "cron.run",
        { ...run, task: "booking-reminders" },
        sendBookingReminders(env, now).then((sent) => ({ sent })),
      ),
    );
    ctx.waitUntil(
      logged(
        env,
        "cron.run",
        { ...run, task: "review-prompts" },
        sendReviewPrompts(env, now).then((keys) => ({ written: keys.length })),
      ),
    );
    // Closed accounts whose 14 days are over: their personal data erased (docs/domain.md "Your data and your account").
    ctx.waitUntil(
      logged(
        env,
        "cron.run",
        { ...run, task: "account-erasure" },
        eraseDueAccounts(env, now).then((erased) => ({
          erased: erased.erased.length,
          postponed: erased.postponed.length,
          prunedCounters: erased.prunedCounters,
        })),
      ),
    );
    return;
  }
  ctx.waitUntil(
    logged(
      env,
      "cron.run",
      { ...run, task: "exchange-rate" },
      refreshUsdInrRate(env, { now }).then((outcome) => ({ status: outcome.status })),
    ),
  );
  ctx.waitUntil(
    logged(
      env,
      "cron.run",
      { ...run, task: "optimize-database" },
      optimizeDatabase(env).then(() => ({})),
    ),
  );
  ctx.waitUntil(
    logged(
      env,
      "cron.run",
      { ...run, task: "archive" },
      (async () => {
        const outbox = await archiveSentMessages(env, now);
        const analytics = await archiveOldEvents(env, now);
        return { outbox: outbox.archived, analytics: analytics.archived };
      })(),
    ),
  );
}
