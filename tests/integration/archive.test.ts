import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  archiveSentMessages,
  deliverMessages,
  SENT_MESSAGES_KEPT_DAYS,
  sentMessagesSource,
} from "~/features/messages/index.server";
import { archiveOldEvents, EVENTS_KEPT_DAYS, trackEvent } from "~/features/tracking/index.server";
import { archiveKey, archiveRows, readArchive } from "~/platform/archive.server";
import { getDb } from "~/platform/db.server";
import { noticeEntry, outboxStatement } from "~/platform/outbox.server";
import { analyticsEvents, outboxMessages } from "~db/schema";
import { createUser } from "../factories";

const DAY = 86_400_000;

/** A notification written to the outbox at `at`, and delivered then unless `pending`. */
async function message(userId: string, cause: string, at: Date, { pending = false } = {}) {
  const entry = noticeEntry(cause, { userId, type: "system", title: `About ${cause}`, url: null });
  await outboxStatement(getDb(env), entry, { now: at }).run();
  if (!pending) expect((await deliverMessages(env, [entry.key], at)).sent).toEqual([entry.key]);
  return entry.key;
}

async function outboxIds() {
  return (await getDb(env).select({ id: outboxMessages.id }).from(outboxMessages)).map((row) => row.id).sort();
}

describe("archiving old rows to the private bucket", () => {
  // Each test starts with no sent message left in D1 (the file's tests share one database).
  beforeEach(async () => {
    await archiveSentMessages(env, new Date("2100-01-01T00:00:00Z"));
  });

  it("moves messages sent long ago, keeps recent and unsent ones, and the file holds each row once", async () => {
    const fan = await createUser(env.DB);
    const start = new Date("2027-01-01T00:00:00Z");
    const old = await message(fan.id, "old", start);
    const older = await message(fan.id, "older", new Date(start.getTime() - DAY));
    const recent = await message(fan.id, "recent", new Date(start.getTime() + 60 * DAY));
    const unsent = await message(fan.id, "unsent", start, { pending: true });

    const now = new Date(start.getTime() + (SENT_MESSAGES_KEPT_DAYS + 1) * DAY);
    const run = await archiveSentMessages(env, now);
    expect(run.archived).toBe(2);
    expect(await outboxIds()).toEqual([recent, unsent].sort());

    // One file, named for its first (oldest) row, holding both rows whole.
    expect(run.files).toEqual([`archive/outbox/2026/12/31/${older}.ndjson`]);
    const rows = await readArchive(env.PRIVATE_FILES, run.files[0] as string);
    expect(rows.map((row) => row.id)).toEqual([older, old]);
    expect(rows[1]).toMatchObject({ template: "notice", status: "sent", params: { title: "About old" } });

    // Nothing more is due: a second run archives nothing.
    expect((await archiveSentMessages(env, now)).archived).toBe(0);
  });

  it("loses nothing when a run stops between the file and the delete: the next run writes the same file", async () => {
    const fan = await createUser(env.DB);
    const at = new Date("2027-03-01T00:00:00Z");
    const keys = [await message(fan.id, "a", at), await message(fan.id, "b", at)].sort();
    const now = new Date(at.getTime() + (SENT_MESSAGES_KEPT_DAYS + 1) * DAY);
    const failing = { ...sentMessagesSource(env, now), remove: vi.fn().mockRejectedValue(new Error("D1 unavailable")) };
    await expect(archiveRows(env.PRIVATE_FILES, getDb(env), failing)).rejects.toThrow("D1 unavailable");
    const key = archiveKey("outbox", { id: keys[0] as string, at });
    expect((await readArchive(env.PRIVATE_FILES, key)).map((row) => row.id).sort()).toEqual(keys);

    const run = await archiveSentMessages(env, now);
    expect(run.files).toEqual([key]);
    expect((await readArchive(env.PRIVATE_FILES, key)).map((row) => row.id).sort()).toEqual(keys);
    expect((await outboxIds()).filter((id) => keys.includes(id))).toEqual([]);
  });

  it("archives in batches, oldest first", async () => {
    const fan = await createUser(env.DB);
    const at = new Date("2027-05-01T00:00:00Z");
    for (let i = 0; i < 5; i++) await message(fan.id, `batch-${i}`, new Date(at.getTime() + i * 1000));
    const now = new Date(at.getTime() + (SENT_MESSAGES_KEPT_DAYS + 1) * DAY);
    const run = await archiveSentMessages(env, now, { batchSize: 2 });
    expect(run.archived).toBe(5);
    expect(run.files).toHaveLength(3);
    const archived = (await Promise.all(run.files.map((key) => readArchive(env.PRIVATE_FILES, key)))).flat();
    expect(archived.map((row) => row.id)).toEqual([0, 1, 2, 3, 4].map((i) => `batch-${i}:notification`));
  });

  it("moves product events older than the funnel needs", async () => {
    const fan = await createUser(env.DB);
    trackEvent(env, "search", fan.id, { query: "arjun", results: 0 });
    trackEvent(env, "login", fan.id);
    const db = getDb(env);
    await vi.waitFor(async () => expect(await db.select().from(analyticsEvents)).toHaveLength(2));

    // Within the kept days nothing moves; past them both do.
    expect((await archiveOldEvents(env, new Date(Date.now() + (EVENTS_KEPT_DAYS - 1) * DAY))).archived).toBe(0);
    const run = await archiveOldEvents(env, new Date(Date.now() + (EVENTS_KEPT_DAYS + 1) * DAY));
    expect(run.archived).toBe(2);
    expect(await db.select().from(analyticsEvents)).toHaveLength(0);
    const rows = await readArchive(env.PRIVATE_FILES, run.files[0] as string);
    expect(rows.map((row) => row.name).sort()).toEqual(["login", "search"]);
    expect(rows.find((row) => row.name === "search")).toMatchObject({ properties: { query: "arjun", results: 0 } });
  });
});
