import { baseURL } from "./browser";

type Message = { to: string; subject: string; text: string };

/** The newest message to an address in the development outbox (the server's email stand-in). */
export async function latestEmail(to: string, subject?: RegExp): Promise<Message> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${baseURL()}/dev/outbox.json?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: Message[] };
    const found = messages.find((message) => !subject || subject.test(message.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email to ${to}`);
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
