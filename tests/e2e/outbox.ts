import { vi } from "vitest";
import { baseURL } from "./browser";

type Message = { to: string; subject: string; text: string };

/**
 * The newest message to an address in the development outbox (the server's email stand-in), polled until it is
 * there: a condition with a generous cap for a busy machine, not a sleep.
 */
export async function latestEmail(to: string, subject?: RegExp): Promise<Message> {
  return vi.waitFor(
    async () => {
      const response = await fetch(`${baseURL()}/dev/outbox.json?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: Message[] };
      const found = messages.find((message) => !subject || subject.test(message.subject));
      if (!found) throw new Error(`no email to ${to}${subject ? ` matching ${subject}` : ""}`);
      return found;
    },
    { timeout: 30_000, interval: 250 },
  );
}

export function codeIn(message: Message): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error("no code in the email");
  return code;
}

export function linkIn(message: Message, path: RegExp): string {
  const link = message.text.match(new RegExp(`https?://[^\\s]*${path.source}[^\\s]*`))?.[0];
  if (!link) throw new Error(`no ${path} link in the email`);
  return new URL(link).pathname + new URL(link).search;
}
