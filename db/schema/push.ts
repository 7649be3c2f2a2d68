/**
 * Web push: each browser a user subscribed (its push service endpoint and keys), and every alert sent to a user with
 * what became of it (docs/domain.md "Alerts").
 *
 * Invariants carried here:
 * - an endpoint is one browser's: UNIQUE endpoint (subscribing again updates its user and keys);
 * - an alert is recorded once per cause: UNIQUE key (e.g. "turn:<entry>:<n>", "starts-soon:<booking>");
 * - kind and outcome are CHECKed.
 */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, enumCheck, id, updatedAt } from "./columns";
import { liveSessions } from "./live";
import { users } from "./users";

export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

export const ALERT_KINDS = ["turn", "starts_soon", "cancelled", "no_show"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/**
 * delivered: a push service took it; fell_back: no push got through, the email went; emailed: the fan has no push
 * subscription, the email went at once; failed: nothing got through.
 */
export const ALERT_OUTCOMES = ["pending", "delivered", "fell_back", "emailed", "failed"] as const;
export type AlertOutcome = (typeof ALERT_OUTCOMES)[number];

export const alertDeliveries = sqliteTable(
  "alert_deliveries",
  {
    id: id(),
    key: text("key").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    liveSessionId: text("live_session_id").references(() => liveSessions.id, { onDelete: "set null" }),
    outcome: text("outcome", { enum: ALERT_OUTCOMES }).notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("alert_deliveries_session_user_idx").on(t.liveSessionId, t.userId),
    enumCheck("alert_deliveries_kind_check", t.kind, ALERT_KINDS),
    enumCheck("alert_deliveries_outcome_check", t.outcome, ALERT_OUTCOMES),
  ],
);
