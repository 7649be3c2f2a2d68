/**
 * The archive's index (app/platform/archive-index.server.ts): which archive files in the private bucket name which
 * person, written when rows are archived, so erasing someone reads only their files (docs/decisions/042).
 *
 * Invariants carried here:
 * - one row per (person, file): the archive job writes a file's rows with ON CONFLICT DO NOTHING, so a run that
 *   writes the same file again (it stopped between the file and the delete) adds nothing;
 * - a file deleted by an erasure takes its rows with it; an erased person's rows go once their files are scrubbed;
 * - `archive_indexes` holds the prefixes whose files from before the index were indexed once (the backfill), so the
 *   scrub lists the whole archive at most once, ever.
 */
import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";

export const archiveMentions = sqliteTable(
  "archive_mentions",
  {
    /** A person (users.id) some row of the file names: by id, email, username, full name or a gamer tag. */
    userId: text("user_id").notNull(),
    /** The file's key in the private bucket (archive/<name>/<yyyy>/<mm>/<dd>/<first id>.ndjson). */
    objectKey: text("object_key").notNull(),
  },
  (t) => [
    primaryKey({ name: "archive_mentions_pk", columns: [t.userId, t.objectKey] }),
    index("archive_mentions_object_idx").on(t.objectKey),
  ],
);

export const archiveIndexes = sqliteTable("archive_indexes", {
  /** The archive prefix ("archive/") whose files written before the index were all indexed. */
  prefix: text("prefix").primaryKey(),
  indexedAt: timestamp("indexed_at").notNull(),
});
