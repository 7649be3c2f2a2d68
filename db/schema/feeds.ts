/**
 * Private feed keys: the secret URLs of a user's calendar subscription (.ics) and of a streamer's stream
 * overlay (docs/domain.md "Calendar feed and stream overlay").
 *
 * Invariants carried here:
 * - one key per user and kind: UNIQUE (user_id, kind). Regenerating replaces the row's id, so the old URL
 *   stops resolving at once;
 * - the id is a random lookup id only. The URL is `<id>.<signature>`, the signature an HMAC of the id and kind
 *   under the server's secret (app/features/feeds/keys.server.ts), checked in constant time: the table alone
 *   does not give the URL away;
 * - kind is CHECKed.
 */
import { sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { createdAt, enumCheck, id } from "./columns";
import { users } from "./users";

export const FEED_KEY_KINDS = ["calendar", "overlay"] as const;
export type FeedKeyKind = (typeof FEED_KEY_KINDS)[number];

export const feedKeys = sqliteTable(
  "feed_keys",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: FEED_KEY_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("feed_keys_user_kind_unique").on(t.userId, t.kind),
    enumCheck("feed_keys_kind_check", t.kind, FEED_KEY_KINDS),
  ],
);

export type FeedKey = typeof feedKeys.$inferSelect;
