/**
 * Account closures (docs/domain.md "Your data and your account").
 *
 * Invariants carried here:
 * - a closure is pending (the 14-day grace), then cancelled (the person signed in) or erased (the scheduled job erased
 *   the account's personal data); a decided closure records when (CHECK);
 * - a user has at most one PENDING closure (partial UNIQUE on user_id WHERE status = 'pending'), so a double submit
 *   asks once; earlier closures stay as history.
 */
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, enumCheck, id, timestamp } from "./columns";
import { users } from "./users";

export const CLOSURE_STATUSES = ["pending", "cancelled", "erased"] as const;
export type ClosureStatus = (typeof CLOSURE_STATUSES)[number];

/** How the person proved it was them: their password, or a code emailed to them. */
export const CLOSURE_PROOFS = ["password", "code"] as const;
export type ClosureProof = (typeof CLOSURE_PROOFS)[number];

export const accountClosures = sqliteTable(
  "account_closures",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status", { enum: CLOSURE_STATUSES }).notNull().default("pending"),
    confirmedBy: text("confirmed_by", { enum: CLOSURE_PROOFS }).notNull(),
    /** When the erasure may run: 14 days after the request, later when money was still owed then. */
    eraseAfter: timestamp("erase_after").notNull(),
    cancelledAt: timestamp("cancelled_at"),
    erasedAt: timestamp("erased_at"),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck("account_closures_status_check", t.status, CLOSURE_STATUSES),
    enumCheck("account_closures_confirmed_by_check", t.confirmedBy, CLOSURE_PROOFS),
    check(
      "account_closures_decided_check",
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL) AND (${t.status} = 'erased') = (${t.erasedAt} IS NOT NULL)`,
    ),
    uniqueIndex("account_closures_pending_unique").on(t.userId).where(sql`status = 'pending'`),
    index("account_closures_due_idx").on(t.status, t.eraseAfter),
  ],
);
