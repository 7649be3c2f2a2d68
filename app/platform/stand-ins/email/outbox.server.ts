import type { EmailMessage, EmailSender, SendOptions } from "../../email/email.server";

/**
 * The email stand-in of development and tests (EMAIL_PROVIDER not "http"): every message is kept in the private bucket
 * under dev-outbox/, newest first by key, for the /dev/outbox page and the tests to read. Reached only through
 * app/platform/email/email.server.ts, which loads it outside production builds.
 */
export type StoredEmail = EmailMessage & { id: string; sentAt: string };

const OUTBOX_PREFIX = "dev-outbox/";
const OUTBOX_KEYS_PREFIX = "dev-outbox-keys/";
const FAIL_NEXT_KEY = "dev-outbox-control/fail-next";

/**
 * The stand-in's failure switch (development and tests): the next `count` sends throw, as a provider that is down
 * would, so a test can prove that no message is lost. 0 switches it off.
 */
export async function failNextEmails(bucket: R2Bucket, count: number): Promise<void> {
  if (count <= 0) await bucket.delete(FAIL_NEXT_KEY);
  else await bucket.put(FAIL_NEXT_KEY, String(count));
}

async function takeFailure(bucket: R2Bucket): Promise<boolean> {
  const stored = await bucket.get(FAIL_NEXT_KEY);
  if (!stored) return false;
  const left = Number(await stored.text());
  await failNextEmails(bucket, left - 1);
  return left > 0;
}

/** The outbox's sender. */
export class OutboxEmailSender implements EmailSender {
  constructor(private bucket: R2Bucket) {}

  async send(message: EmailMessage, options: SendOptions = {}): Promise<void> {
    if (await takeFailure(this.bucket)) throw new Error("email stand-in: failing this send (failNextEmails)");
    const keyMarker = options.idempotencyKey ? `${OUTBOX_KEYS_PREFIX}${options.idempotencyKey}` : null;
    if (keyMarker && (await this.bucket.head(keyMarker))) return;
    const sentAt = new Date();
    // Keys sort newest first: invert the timestamp.
    const inverted = String(9_999_999_999_999 - sentAt.getTime()).padStart(13, "0");
    const id = `${inverted}-${crypto.randomUUID()}`;
    const stored: StoredEmail = { ...message, id, sentAt: sentAt.toISOString() };
    await this.bucket.put(`${OUTBOX_PREFIX}${id}.json`, JSON.stringify(stored), {
      httpMetadata: { contentType: "application/json" },
      customMetadata: { to: message.to.toLowerCase() },
    });
    if (keyMarker) await this.bucket.put(keyMarker, id);
  }
}

/** Reads the stand-in outbox, newest first, optionally only messages to one address. */
export async function readOutbox(bucket: R2Bucket, options: { to?: string; limit?: number } = {}) {
  const limit = options.limit ?? 50;
  const listed = await bucket.list({ prefix: OUTBOX_PREFIX, limit: 1000, include: ["customMetadata"] });
  const wanted = listed.objects
    .filter((object) => !options.to || object.customMetadata?.to === options.to.toLowerCase())
    .slice(0, limit);
  const messages = await Promise.all(wanted.map(async (object) => (await bucket.get(object.key))?.json<StoredEmail>()));
  return messages.filter((message): message is StoredEmail => !!message);
}
