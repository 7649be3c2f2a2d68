import { escapeHtml } from "~/lib/html";
import type { EmailMessage } from "./email.server";

/** An email of plain lines and one link at the end (text and html alike, every line escaped in the html). */
export function linesEmail(input: {
  to: string;
  subject: string;
  lines: string[];
  link: { label: string; url: string };
}): EmailMessage {
  const { url, label } = input.link;
  return {
    to: input.to,
    subject: input.subject,
    text: [...input.lines, `${label}: ${url}`].join("\n\n"),
    html: [
      ...input.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`,
    ].join("\n"),
  };
}
