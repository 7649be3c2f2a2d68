import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { archiveIndexes, archiveMentions } from "~db/schema";
import { type Db, idChunks } from "./db.server";

/**
 * Which archive file names which person (db/schema/archive.ts, docs/decisions/042): written when a file is archived,
 * read when someone is erased, so an erasure reads only the files that name that person instead of the whole archive.
 *
 * What names a person is one rule with two directions, both here: `personTraces` (a person's id, email, username, full
 * name and every gamer tag they used: what an erasure looks for in a row) and `peopleNamedIn` (the people whose traces
 * a file's rows hold, as whole values, words or runs of up to three words: what the archive job writes down). A trace
 * hidden inside a longer word (an id glued to other letters) is not a word of its own and is not indexed.
 */

/** Runs of up to this many words are candidates too, so a full name inside a sentence is found. */
const NGRAM_WORDS = 3;
/** Candidates per statement (one bound JSON array, so D1's 100 bound values do not limit it). */
const CANDIDATES_PER_STATEMENT = 2_000;
/** The archive's prefix, the one whose files from before the index are indexed once. */
const ARCHIVE_PREFIX = "archive/";

/** Every string a row holds (deeply), as written. */
function stringsOf(value: unknown, out: Set<string>) {
  if (typeof value === "string") out.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value && typeof value === "object" && !(value instanceof Date)) {
    for (const item of Object.values(value)) stringsOf(item, out);
  }
}

/**
 * The candidates of a person's traces in `rows`: each string whole (as written and lower-cased), and its words (split
 * on anything but letters, digits and the characters of emails and ids) alone and in runs of up to three.
 */
function candidatesIn(rows: readonly unknown[]): string[] {
  const strings = new Set<string>();
  for (const row of rows) stringsOf(row, strings);
  const candidates = new Set<string>();
  for (const text of strings) {
    const whole = text.trim();
    if (!whole) continue;
    candidates.add(whole);
    candidates.add(whole.toLowerCase());
    const words = whole.split(/[^\p{L}\p{N}@._+-]+/u).filter(Boolean);
    for (let start = 0; start < words.length; start++) {
      for (let size = 1; size <= NGRAM_WORDS && start + size <= words.length; size++) {
        const run = words.slice(start, start + size).join(" ");
        candidates.add(run);
        candidates.add(run.toLowerCase());
      }
    }
  }
  return [...candidates];
}

/** The people (users.id) whose traces `rows` hold: by id, email, username, full name or a gamer tag they used. */
async function peopleNamedIn(db: Db, rows: readonly unknown[]): Promise<string[]> {
  const candidates = candidatesIn(rows);
  const people = new Set<string>();
  for (let start = 0; start < candidates.length; start += CANDIDATES_PER_STATEMENT) {
    const chunk = JSON.stringify(candidates.slice(start, start + CANDIDATES_PER_STATEMENT));
    const found = await db.all<{ userId: string }>(sql`WITH c(v) AS (SELECT value FROM json_each(${chunk}))
      SELECT id AS userId FROM users WHERE id IN c OR lower(email) IN c OR lower(username) IN c
        OR lower(full_name) IN c
      UNION SELECT user_id FROM user_gamertags WHERE lower(tag) IN c
      UNION SELECT b.user_id FROM booking_gamertags g JOIN bookings b ON b.id = g.booking_id
        WHERE lower(g.gamertag) IN c
      UNION SELECT user_id FROM orders WHERE lower(gamertag) IN c
      UNION SELECT user_id FROM queue_entries WHERE user_id IS NOT NULL AND lower(gamertag) IN c`);
    for (const row of found) people.add(row.userId);
  }
  return [...people];
}

/**
 * What names a person in archived rows: their id, email, username, full name and every gamer tag they used (on the
 * profile, bookings, orders and queue places). Read before an erasure, which removes them from the live tables.
 */
export async function personTraces(db: Db, userId: string): Promise<string[]> {
  const [user, tags] = await Promise.all([
    db.get<{ email: string | null; username: string | null; fullName: string | null }>(
      sql`SELECT email, username, full_name AS fullName FROM users WHERE id = ${userId}`,
    ),
    db.all<{ tag: string | null }>(sql`SELECT tag FROM user_gamertags WHERE user_id = ${userId}
      UNION SELECT g.gamertag FROM booking_gamertags g JOIN bookings b ON b.id = g.booking_id WHERE b.user_id = ${userId}
      UNION SELECT gamertag FROM orders WHERE user_id = ${userId}
      UNION SELECT gamertag FROM queue_entries WHERE user_id = ${userId}`),
  ]);
  const traces = [userId, user?.email, user?.username, user?.fullName, ...tags.map((row) => row.tag)];
  return traces.filter((trace): trace is string => typeof trace === "string" && trace.trim().length > 0);
}

/** Writes down who the rows of the file at `key` name (a file written again adds nothing). */
export async function indexArchiveFile(db: Db, key: string, rows: readonly unknown[]): Promise<number> {
  const people = await peopleNamedIn(db, rows);
  const statements: BatchItem<"sqlite">[] = [];
  // Two bound values a row: 45 rows a statement stay under D1's 100.
  for (let start = 0; start < people.length; start += 45) {
    const values = people.slice(start, start + 45).map((userId) => ({ userId, objectKey: key }));
    statements.push(db.insert(archiveMentions).values(values).onConflictDoNothing());
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return people.length;
}

/** The archive files that name any of `people`, by the index. */
export async function archiveFilesNaming(db: Db, people: readonly string[]): Promise<string[]> {
  const keys = new Set<string>();
  for (const chunk of idChunks([...people])) {
    const rows = await db
      .selectDistinct({ key: archiveMentions.objectKey })
      .from(archiveMentions)
      .where(inArray(archiveMentions.userId, chunk));
    for (const row of rows) keys.add(row.key);
  }
  return [...keys].sort();
}

/** After a scrub: `people` are named by no file any more, and the files it deleted name nobody. */
export async function forgetInIndex(db: Db, people: readonly string[], deletedKeys: readonly string[]) {
  const statements: BatchItem<"sqlite">[] = [];
  for (const chunk of idChunks([...people])) {
    statements.push(db.delete(archiveMentions).where(inArray(archiveMentions.userId, chunk)));
  }
  for (const chunk of idChunks([...deletedKeys])) {
    statements.push(db.delete(archiveMentions).where(inArray(archiveMentions.objectKey, chunk)));
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/**
 * Indexes the files archived before the index existed, once ever: lists the archive, indexes each file and writes
 * down that it is done (`archive_indexes`). Every later call is one D1 read. Returns the files it indexed.
 */
export async function indexArchiveOnce(
  bucket: R2Bucket,
  db: Db,
  read: (key: string) => Promise<Record<string, unknown>[]>,
  now = new Date(),
): Promise<number> {
  const done = await db
    .select({ prefix: archiveIndexes.prefix })
    .from(archiveIndexes)
    .where(and(eq(archiveIndexes.prefix, ARCHIVE_PREFIX)))
    .get();
  if (done) return 0;
  let indexed = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: ARCHIVE_PREFIX, cursor });
    for (const object of page.objects) {
      await indexArchiveFile(db, object.key, await read(object.key));
      indexed += 1;
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  await db.insert(archiveIndexes).values({ prefix: ARCHIVE_PREFIX, indexedAt: now }).onConflictDoNothing();
  return indexed;
}
