import type { EmailMessage, EmailSender, SendOptions } from "../../email/email.server";
import { keepInOutbox, readFromOutbox, type Stored } from "../outbox";

/**
 * The email stand-in of development and tests (EMAIL_PROVIDER not "http"): every message is kept in the private bucket
 * under dev-outbox/, newest first by key, for the /dev/outbox page and the tests to read. Registered by
 * workers/dev-composition.ts; app/platform/email/email.server.ts takes it from the registry outside production builds.
 */
export type StoredEmail = Stored<EmailMessage>;

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
    const id = await keepInOutbox(this.bucket, OUTBOX_PREFIX, message, message.to.toLowerCase());
    if (keyMarker) await this.bucket.put(keyMarker, id);
  }
}

/** Reads the stand-in outbox, newest first, optionally only messages to one address. */
export function readOutbox(bucket: R2Bucket, options: { to?: string; limit?: number } = {}): Promise<StoredEmail[]> {
  return readFromOutbox<EmailMessage>(bucket, OUTBOX_PREFIX, {
    to: options.to?.toLowerCase(),
    limit: options.limit ?? 50,
  });
}
