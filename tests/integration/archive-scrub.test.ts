import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eraseDueAccounts } from "~/features/account-closure/index.server";
import { archiveSentMessages } from "~/features/messages/index.server";
import { archiveOldEvents } from "~/features/tracking/index.server";
import { readArchive } from "~/platform/archive.server";
import { postForm } from "./app";
import { loggedInUser } from "./session";

/**
 * Erasing someone reads only the archive files that name them (docs/decisions/042): the archive job writes down who
 * each file names, and the erasure reads those files through the index, never a listing of the whole archive (bar
 * once ever, for the files archived before the index existed). Counted through the bucket the use case is given.
 */
const PASSWORD = "Str0ng-pass!";
const DAY = 86_400_000;

async function person(name: string) {
  const tag = crypto.randomUUID().slice(0, 8);
  return loggedInUser(
    { username: `${name}_${tag}`, fullName: `${name} Archived ${tag}`, email: `${name}.${tag}@example.com` },
    PASSWORD,
  );
}

async function close(cookie: string) {
  expect((await postForm("/profile/data", { intent: "close", password: PASSWORD }, { Cookie: cookie })).status).toBe(
    302,
  );
}

/** The private bucket as the erasure sees it, counting its listings and the files it reads. */
function countingBucket() {
  const bucket = env.PRIVATE_FILES;
  const seen = { lists: 0, reads: [] as string[] };
  const counting = new Proxy(bucket, {
    get(target, property) {
      if (property === "list") {
        return (...args: Parameters<R2Bucket["list"]>) => {
          seen.lists += 1;
          return target.list(...args);
        };
      }
      if (property === "get") {
        return (key: string, ...rest: unknown[]) => {
          seen.reads.push(key);
          return (target.get as (k: string, ...r: unknown[]) => Promise<R2ObjectBody | null>)(key, ...rest);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { bucket: counting, seen };
}

const yearAgo = () => Date.now() - 365 * DAY;

/** Old activity events, one per person, and old sent messages: each archived into a file of its own. */
async function archiveOf(rows: {
  events: { id: string; userId: string }[];
  messages: { id: string; params: Record<string, unknown> }[];
}) {
  const at = yearAgo();
  for (const event of rows.events) {
    await env.DB.prepare(
      "INSERT INTO analytics_events (id, name, user_id, properties, created_at) VALUES (?, 'login', ?, '{}', ?)",
    )
      .bind(event.id, event.userId, at)
      .run();
  }
  for (const message of rows.messages) {
    await env.DB.prepare(
      "INSERT INTO outbox_messages (id, channel, template, params, status, attempts, sent_at, created_at) VALUES (?, 'email', 'booking-confirmed', ?, 'sent', 1, ?, ?)",
    )
      .bind(message.id, JSON.stringify(message.params), at, at)
      .run();
  }
  const events = await archiveOldEvents(env, new Date(), { batchSize: 1 });
  const messages = await archiveSentMessages(env, new Date(), { batchSize: 1 });
  return [...events.files, ...messages.files];
}

/** Which archive files hold a row with one of `ids`. */
async function filesHolding(files: string[], ids: string[]) {
  const holding: string[] = [];
  for (const key of files) {
    const rows = await readArchive(env.PRIVATE_FILES, key);
    if (rows.some((row) => ids.includes(String(row.id)))) holding.push(key);
  }
  return holding.sort();
}

async function archivedIds() {
  const listed = await env.PRIVATE_FILES.list({ prefix: "archive/" });
  const ids: string[] = [];
  for (const object of listed.objects) {
    for (const row of await readArchive(env.PRIVATE_FILES, object.key)) ids.push(String(row.id));
  }
  return ids;
}

describe("the archive scrub of an erasure", () => {
  it("indexes the files archived before the index once, then reads only the erased person's files", async () => {
    // A deployment from before the index: a file in the archive nobody indexed.
    await env.DB.prepare("DELETE FROM archive_indexes").run();
    const early = await person("early");
    const bystander = await person("bystander");
    const legacyKey = `archive/outbox/2025/01/01/legacy-${early.user.id}.ndjson`;
    await env.PRIVATE_FILES.put(
      legacyKey,
      `${JSON.stringify({ id: `legacy-early-${early.user.id}`, params: { to: early.user.email } })}\n${JSON.stringify({
        id: `legacy-other-${bystander.user.id}`,
        params: { to: bystander.user.email },
      })}\n`,
    );
    await close(early.cookie);
    const first = countingBucket();
    expect(
      (await eraseDueAccounts({ ...env, PRIVATE_FILES: first.bucket }, new Date(Date.now() + 15 * DAY))).erased,
    ).toContain(early.user.id);
    // The one listing, ever; the legacy file lost the erased person's row and kept the other's.
    expect(first.seen.lists).toBeGreaterThan(0);
    const legacy = (await readArchive(env.PRIVATE_FILES, legacyKey)).map((row) => row.id);
    expect(legacy).toEqual([`legacy-other-${bystander.user.id}`]);

    // From now on an erasure lists nothing and reads only the files naming the person.
    const riya = await person("riya");
    const other = await person("other");
    const files = await archiveOf({
      events: [
        { id: `evt-riya-1-${riya.user.id}`, userId: riya.user.id },
        { id: `evt-riya-2-${riya.user.id}`, userId: riya.user.id },
        { id: `evt-other-${other.user.id}`, userId: other.user.id },
      ],
      messages: [
        // Named only by email, only by a sentence holding the full name, and someone else's.
        { id: `msg-riya-email-${riya.user.id}`, params: { to: riya.user.email } },
        {
          id: `msg-riya-named-${riya.user.id}`,
          params: { to: other.user.email, line: `${riya.user.fullName} booked your session` },
        },
        { id: `msg-other-${other.user.id}`, params: { to: other.user.email, userId: other.user.id } },
      ],
    });
    const riyas = [
      `evt-riya-1-${riya.user.id}`,
      `evt-riya-2-${riya.user.id}`,
      `msg-riya-email-${riya.user.id}`,
      `msg-riya-named-${riya.user.id}`,
    ];
    const riyasFiles = await filesHolding(files, riyas);
    expect(riyasFiles).toHaveLength(4);
    await close(riya.cookie);
    const counted = countingBucket();
    const run = await eraseDueAccounts({ ...env, PRIVATE_FILES: counted.bucket }, new Date(Date.now() + 15 * DAY));
    expect(run.erased).toContain(riya.user.id);
    expect(counted.seen.lists).toBe(0);
    expect([...new Set(counted.seen.reads)].sort()).toEqual(riyasFiles);

    // Every archived row naming her is gone; the others' stay (the other's message that named her went with her).
    const left = await archivedIds();
    for (const id of riyas) expect(left).not.toContain(id);
    expect(left).toContain(`evt-other-${other.user.id}`);
    expect(left).toContain(`msg-other-${other.user.id}`);
    expect(left).toContain(`legacy-other-${bystander.user.id}`);
    // The index forgot her.
    const named = await env.DB.prepare("SELECT count(*) AS n FROM archive_mentions WHERE user_id = ?")
      .bind(riya.user.id)
      .first<{ n: number }>();
    expect(named?.n).toBe(0);
  });
});
