import type { UserNotification } from "~/features/notifications/index.server";
import type { EmailMessage } from "~/platform/email/email.server";
import type { OutboxMessage } from "~db/schema";

/**
 * How an outbox template (db/schema/outbox.ts) renders on each channel. A renderer reads what it needs when the
 * message is delivered and answers null when there is nothing to send any more (no email address, the change was
 * undone). The features that write the rows name the templates; the composition root (workers/composition.ts)
 * holds the table of them all and hands it to `setMessageTemplates`, so this feature imports none of the features
 * whose messages it delivers.
 */
/** `params`: the row's other parameters (e.g. the slot a moved booking left), for a renderer that needs more than its id. */
type Render<T> = (env: Env, id: string, params: Readonly<Record<string, unknown>>) => Promise<T | null>;
export type MessageTemplate = { param: string; email?: Render<EmailMessage>; notification?: Render<UserNotification> };

let templates: Readonly<Record<string, MessageTemplate>> | null = null;

/** Sets the table of templates (the composition root, once per isolate, before any request). */
export function setMessageTemplates(table: Readonly<Record<string, MessageTemplate>>): void {
  templates = table;
}

export type Rendered =
  | { channel: "email"; email: EmailMessage }
  | { channel: "notification"; notification: UserNotification };

/**
 * A notification whose words are fixed when the change happens ("your wallet was topped up with $20.00"): the row
 * carries it whole (`noticeEntry`), so delivery only writes it.
 */
const NOTICE_TEMPLATE = "notice";

export async function renderMessage(env: Env, row: OutboxMessage): Promise<Rendered | null> {
  if (row.template === NOTICE_TEMPLATE && row.channel === "notification") {
    return { channel: "notification", notification: row.params as unknown as UserNotification };
  }
  if (!templates) throw new Error("no outbox templates: workers/composition.ts was not loaded");
  const template = templates[row.template];
  if (!template) throw new Error(`unknown outbox template ${row.template}`);
  const params = (row.params ?? {}) as Record<string, unknown>;
  const id = params[template.param];
  if (typeof id !== "string") throw new Error(`outbox ${row.id}: ${template.param} missing`);
  if (row.channel === "email") {
    if (!template.email) throw new Error(`outbox template ${row.template} has no email`);
    const email = await template.email(env, id, params);
    return email ? { channel: "email", email } : null;
  }
  if (!template.notification) throw new Error(`outbox template ${row.template} has no notification`);
  const notification = await template.notification(env, id, params);
  return notification ? { channel: "notification", notification } : null;
}
