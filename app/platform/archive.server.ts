import { archiveFilesNaming, forgetInIndex, indexArchiveFile, indexArchiveOnce } from "./archive-index.server";
import type { Db } from "./db.server";
import { log } from "./log.server";

/**
 * Moving old rows out of D1 into the private bucket (docs/capacity.md, "Archiving"). Each batch is written as one
 * newline-delimited JSON file, `archive/<name>/<yyyy>/<mm>/<dd>/<first id>.ndjson` (the day and id of its first
 * row), and only then deleted from the table. A batch is chosen in a fixed order (oldest first, then by id), so a
 * run that stopped between the write and the delete writes the same file again and loses nothing; the delete names
 * each row and re-checks the condition that chose it, so a row that changed meanwhile stays. Between the two, the
 * people its rows name are written down in the archive's index (archive-index.server.ts), so erasing one of them
 * reads only their files.
 */
export type ArchivedRow = { id: string; at: Date };

export type ArchiveSource<Row extends ArchivedRow> = {
  /** The folder under archive/ ("outbox", "analytics"). */
  name: string;
  /** At most `limit` rows due for the archive, oldest first then by id. */
  due(limit: number): Promise<Row[]>;
  /** Deletes the archived rows (those among `ids` still due). */
  remove(ids: string[]): Promise<void>;
};

export type ArchiveRun = { archived: number; files: string[] };

/** The key of a batch's file. */
export function archiveKey(name: string, first: ArchivedRow): string {
  const day = first.at.toISOString().slice(0, 10).replaceAll("-", "/");
  return `archive/${name}/${day}/${first.id}.ndjson`;
}

/** Archives due rows in batches of `batchSize`, at most `maxBatches` per run (a cron run's CPU stays small). */
export async function archiveRows<Row extends ArchivedRow>(
  bucket: R2Bucket,
  db: Db,
  source: ArchiveSource<Row>,
  { batchSize = 500, maxBatches = 4 } = {},
): Promise<ArchiveRun> {
  const run: ArchiveRun = { archived: 0, files: [] };
  for (let batch = 0; batch < maxBatches; batch++) {
    const rows = await source.due(batchSize);
    const first = rows[0];
    if (!first) break;
    const key = archiveKey(source.name, first);
    const body = `${rows.map((row) => JSON.stringify(row)).join("\n")}\n`;
    await bucket.put(key, body, { httpMetadata: { contentType: "application/x-ndjson" } });
    await indexArchiveFile(db, key, rows);
    await source.remove(rows.map((row) => row.id));
    run.archived += rows.length;
    run.files.push(key);
    if (rows.length < batchSize) break;
  }
  if (run.archived > 0) log.info("archive.batch", { name: source.name, archived: run.archived, files: run.files });
  return run;
}

/** The rows of one archive file, as written (dates as ISO strings). */
export async function readArchive(bucket: R2Bucket, key: string): Promise<Record<string, unknown>[]> {
  const object = await bucket.get(key);
  if (!object) return [];
  return (await object.text())
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export type ArchiveScrub = { filesRead: number; filesRewritten: number; rowsDropped: number };

/**
 * Drops from the archive files that name any of `people` (by the archive's index) the rows `mentions` says belong to
 * one of them, rewriting each file without them (or deleting it when none is left): the archive keeps no personal data
 * the live tables no longer hold (docs/decisions/042). It reads only those files; the files archived before the index
 * existed are indexed first, once ever (`indexArchiveOnce`). Then the index forgets `people`.
 */
export async function scrubArchives(
  bucket: R2Bucket,
  db: Db,
  people: readonly string[],
  mentions: (row: Record<string, unknown>) => boolean,
): Promise<ArchiveScrub> {
  const scrub: ArchiveScrub = { filesRead: 0, filesRewritten: 0, rowsDropped: 0 };
  if (people.length === 0) return scrub;
  await indexArchiveOnce(bucket, db, (key) => readArchive(bucket, key));
  const deleted: string[] = [];
  for (const key of await archiveFilesNaming(db, people)) {
    const rows = await readArchive(bucket, key);
    scrub.filesRead += 1;
    const kept = rows.filter((row) => !mentions(row));
    if (kept.length === rows.length) continue;
    scrub.rowsDropped += rows.length - kept.length;
    scrub.filesRewritten += 1;
    if (kept.length === 0) {
      await bucket.delete(key);
      deleted.push(key);
    } else {
      const body = `${kept.map((row) => JSON.stringify(row)).join("\n")}\n`;
      await bucket.put(key, body, { httpMetadata: { contentType: "application/x-ndjson" } });
    }
  }
  await forgetInIndex(db, people, deleted);
  if (scrub.rowsDropped > 0) log.info("archive.scrubbed", { ...scrub });
  return scrub;
}

/**
 * Whether any string in `value` (deeply) names one of `traces`: equal to it, or, for a trace of 6 characters or more
 * (ids, emails, full names), containing it. Case-insensitive. Short traces only match whole values, so a short
 * username does not take other people's rows with it.
 */
export function mentionsAny(value: unknown, traces: readonly string[]): boolean {
  const wanted = traces.filter(Boolean).map((trace) => trace.toLowerCase());
  if (wanted.length === 0) return false;
  const visit = (item: unknown): boolean => {
    if (typeof item === "string") {
      const text = item.toLowerCase();
      return wanted.some((trace) => text === trace || (trace.length >= 6 && text.includes(trace)));
    }
    if (Array.isArray(item)) return item.some(visit);
    if (item && typeof item === "object") return Object.values(item).some(visit);
    return false;
  };
  return visit(value);
}
