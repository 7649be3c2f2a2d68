import { isProduction } from "../env.server";

/** One email message, as every adapter takes it. */
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-click unsubscribe link (List-Unsubscribe), when the message has one. */
  unsubscribeUrl?: string;
  /** Text attachments, e.g. a calendar invite (text/calendar). */
  attachments?: EmailAttachment[];
};

export type EmailAttachment = { filename: string; contentType: string; content: string };

export type StoredEmail = EmailMessage & { id: string; sentAt: string };

export type SendOptions = {
  /**
   * The message's deduplication key (the outbox row's id): the provider gets it as its Idempotency-Key, and the
   * development outbox keeps one message per key, so a retry after an accepted send never delivers twice.
   */
  idempotencyKey?: string;
};

export interface EmailSender {
  send(message: EmailMessage, options?: SendOptions): Promise<void>;
}

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

/**
 * The development and test stand-in: keeps every message in the private bucket under dev-outbox/,
 * newest first by key, so the /dev/outbox page and the tests can read them.
 */
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

/**
 * Production adapter: an HTTP email API that takes JSON `{ from, to, subject, text, html, headers }` with a
 * bearer key (Resend's /emails speaks this shape; others are a small change here).
 */
export class HttpEmailSender implements EmailSender {
  constructor(
    private options: { endpoint: string; apiKey: string; from: string },
    private fetcher: typeof fetch = fetch,
  ) {}

  async send(message: EmailMessage, options: SendOptions = {}): Promise<void> {
    const response = await this.fetcher(this.options.endpoint, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${this.options.apiKey}`,
        "Content-Type": "application/json",
        ...(options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {}),
      },
      body: JSON.stringify({
        from: this.options.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((attachment) => ({
          filename: attachment.filename,
          content: btoa(String.fromCharCode(...new TextEncoder().encode(attachment.content))),
          content_type: attachment.contentType,
        })),
        headers: message.unsubscribeUrl
          ? { "List-Unsubscribe": `<${message.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
          : undefined,
      }),
    });
    if (!response.ok) throw new Error(`email provider answered ${response.status}`);
  }
}

/** The outbox stand-in is in use (and may be read) only outside production and without a real provider. */
export function outboxEnabled(env: Env): boolean {
  return !isProduction(env) && env.EMAIL_PROVIDER !== "http";
}

/** Chooses the adapter by configuration: EMAIL_PROVIDER=http in production, the outbox otherwise. */
export function emailSender(env: Env): EmailSender {
  if (env.EMAIL_PROVIDER === "http") {
    if (!env.EMAIL_API_URL || !env.EMAIL_API_KEY || !env.EMAIL_FROM) {
      throw new Error("EMAIL_PROVIDER=http needs EMAIL_API_URL, EMAIL_API_KEY and EMAIL_FROM");
    }
    return new HttpEmailSender({ endpoint: env.EMAIL_API_URL, apiKey: env.EMAIL_API_KEY, from: env.EMAIL_FROM });
  }
  if (isProduction(env)) throw new Error("Production needs EMAIL_PROVIDER=http: the outbox is for development only");
  return new OutboxEmailSender(env.PRIVATE_FILES);
}
