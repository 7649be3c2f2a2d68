import { formatShortDay, zonedDate } from "~/features/time";

type Timed = { startsAt: Date; endsAt: Date };
export type AgendaDay<T> = { date: string; label: string; slots: T[] };
export type SlotAgenda<T> = { upcoming: AgendaDay<T>[]; past: T[] };

/**
 * A calendar's slots as an agenda, the way a streamer reads it on a phone: the slots not yet over first, soonest
 * first, grouped by day in the streamer's zone ("Thu 26 Nov"); then the played ones (ended by `now`), latest
 * first, apart (read-only: nothing to cancel or send a lobby code to once played).
 */
export function slotAgenda<T extends Timed>(slots: T[], zone: string, now: Date): SlotAgenda<T> {
  const byStart = [...slots].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const upcoming: AgendaDay<T>[] = [];
  for (const slot of byStart.filter((s) => s.endsAt.getTime() > now.getTime())) {
    const date = zonedDate(slot.startsAt, zone);
    const day = upcoming.at(-1);
    if (day?.date === date) day.slots.push(slot);
    else upcoming.push({ date, label: formatShortDay(slot.startsAt, zone), slots: [slot] });
  }
  const past = byStart.filter((s) => s.endsAt.getTime() <= now.getTime()).reverse();
  return { upcoming, past };
}
