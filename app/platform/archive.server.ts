import { log } from "./log.server";

/**
 * Moving old rows out of D1 into the private bucket (docs/capacity.md, "Archiving"). Each batch is written as one
 * newline-delimited JSON file, `archive/<name>/<yyyy>/<mm>/<dd>/<first id>.ndjson` (the day and id of its first
 * row), and only then deleted from the table. A batch is chosen in a fixed order (oldest first, then by id), so a
 * run that stopped between the write and the delete writes the same file again and loses nothing; the delete names
 * each row and re-checks the condition that chose it, so a row that changed meanwhile stays.
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
