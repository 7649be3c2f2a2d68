import type { EmailMessage } from "~/platform/email/email.server";
import { LOBBY_CODE_VISIBLE_BEFORE_MS } from "./order-view";
import { formatSlotTime } from "./time-zone";

function escapeHtml(text: string) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/**
 * The reminder of a booked session. The cron does not know the fan's zone, so the time is given in UTC with
 * the zone named; /profile shows it in theirs.
 */
export function reminderEmail(input: {
  to: string;
  name: string;
  title: string;
  when: string;
  startsAt: Date;
  origin: string;
}): EmailMessage {
  const link = `${input.origin}/profile#orders`;
  const lines = [
    `Hi ${input.name},`,
    `${input.title} starts ${input.when}: ${formatSlotTime(input.startsAt, null, "UTC")}.`,
    `Your lobby code shows on your profile ${LOBBY_CODE_VISIBLE_BEFORE_MS / 60_000} minutes before the start, once the creator sets it.`,
  ];
  return {
    to: input.to,
    subject: `Reminder: ${input.title} starts ${input.when}`,
    text: [...lines, `Your orders: ${link}`].join("\n\n"),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(link)}">Your orders</a></p>`,
    ].join("\n"),
  };
}
