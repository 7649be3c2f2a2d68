import { standIn } from "../adapters.server";
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

type EmailAttachment = { filename: string; contentType: string; content: string };

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

/**
 * Production adapter: an HTTP email API that takes JSON `{ from, to, subject, text, html, headers }` with a
 * bearer key (Resend's /emails speaks this shape; others are a small change here).
 */
class HttpEmailSender implements EmailSender {
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

/**
 * The outbox stand-in's sender, from the stand-ins the development composition registered (app/platform/
 * adapters.server.ts), taken when a message is sent. Only called behind `import.meta.env.MODE !== "production"`.
 */
function outboxSender(bucket: R2Bucket): EmailSender {
  return {
    async send(message, options) {
      await standIn("email").sender(bucket).send(message, options);
    },
  };
}

/** The address used when EMAIL_FROM is not set (development, tests): the one wrangler.toml gives production. */
const DEFAULT_SENDER = "hello@noobrd.gg";

/**
 * The platform's own address, the one its emails come from (EMAIL_FROM, "Noobrd <hello@noobrd.gg>", without the
 * name): a calendar invite's ORGANIZER mails it (RFC 5546), so a reply or a decline reaches the platform.
 */
export function platformAddress(env: Env): string {
  const from = env.EMAIL_FROM?.trim() ?? "";
  const address = from.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? (/^[^\s<>]+@[^\s<>]+$/.test(from) ? from : "");
  return address || DEFAULT_SENDER;
}

/**
 * Chooses the adapter by configuration: EMAIL_PROVIDER=http in production, the outbox otherwise (development,
 * tests and the browser tests' build; a production build carries no outbox).
 */
export function emailSender(env: Env): EmailSender {
  if (env.EMAIL_PROVIDER === "http") {
    if (!env.EMAIL_API_URL || !env.EMAIL_API_KEY || !env.EMAIL_FROM) {
      throw new Error("EMAIL_PROVIDER=http needs EMAIL_API_URL, EMAIL_API_KEY and EMAIL_FROM");
    }
    return new HttpEmailSender({ endpoint: env.EMAIL_API_URL, apiKey: env.EMAIL_API_KEY, from: env.EMAIL_FROM });
  }
  if (isProduction(env)) throw new Error("Production needs EMAIL_PROVIDER=http: the outbox is for development only");
  if (import.meta.env.MODE !== "production") return outboxSender(env.PRIVATE_FILES);
  // A production build run locally (`npm run preview`): no outbox in it, so each send fails as a provider that is down.
  return { send: () => Promise.reject(new Error("a production build has no email outbox: set EMAIL_PROVIDER=http")) };
}

/**
 * The outbox's messages for the /dev/outbox pages, or null where there is no outbox: in production, or with a real
 * provider.
 */
export async function outboxMessages(env: Env, to: string | undefined) {
  if (import.meta.env.MODE !== "production" && !isProduction(env) && env.EMAIL_PROVIDER !== "http") {
    return standIn("email").read(env.PRIVATE_FILES, { to, limit: 50 });
  }
  return null;
}
