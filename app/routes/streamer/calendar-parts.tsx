import { useState } from "react";
import { Form, Link } from "react-router";
import { ConfirmButton } from "~/components/confirm";
import { SlotStartControl } from "~/features/booking";
import {
  type AgendaDay,
  LocalTime,
  MOVE_OFFER_YES,
  moveOfferQuestion,
  SLOT_COPY,
  type SlotAgenda,
} from "~/features/slots";
import { formatClock, formatSessionLength, formatSlotTime, useViewerZone, When, zonedDate } from "~/features/time";
import { inputClass } from "~/lib/ui/field";

/** The calendar page's parts (app/routes/streamer/calendar.tsx): the month grid, the agenda and a slot's card. */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export type CalendarSlot = {
  id: string;
  gigTitle: string | null;
  startsAt: Date;
  endsAt: Date;
  minutes: number;
  seats: number;
  seatsTaken: number;
  waitlist: number;
  status: "open" | "cancelled";
  /** A drop: the bot check from its first booking (docs/decisions/042). */
  isDrop: boolean;
  lobbyCode: string | null;
  buyers: { bookingId: string; username: string; gamertags: string[] }[];
  /** All the slot's confirmed buyers (bookings), on every page of them. */
  buyerCount: number;
  buyersPage: number;
  buyersPages: number;
  /** Whether "Start session" is offered now (a booked slot in its start window), and when it was started or closed as a no-show. */
  startable: boolean;
  startedAt: Date | null;
  noShowAt: Date | null;
  /** The gig's other times its buyers may be offered instead of a plain cancellation. */
  moveTargets: { id: string; startsAt: Date; endsAt: Date; seatsLeft: number }[];
  /** Buyers still deciding on an offer of another time: from this slot (`deciding`), or to it (`heldFor`). */
  moves: {
    deciding: {
      buyers: number;
      seats: number;
      until: Date;
      to: { startsAt: Date; endsAt: Date };
      withdrawable: boolean;
    } | null;
    heldFor: { buyers: number; seats: number; until: Date } | null;
  };
};

/**
 * The month as the streamer lives it, from md up (a phone gets the agenda): each slot on its day and at its time in
 * the viewer's zone (a 23:30 IST slot is on its Indian day, not the UTC one; docs/decisions/019-viewer-time-zone.md),
 * its time and gig in full, wrapping rather than cut short.
 */
export function MonthGrid({
  month,
  year,
  slots,
  today,
}: {
  month: number;
  year: number;
  slots: CalendarSlot[];
  today: string;
}) {
  const zone = useViewerZone();
  // The weekday and length of a calendar month do not depend on the zone: plain date arithmetic.
  const first = new Date(Date.UTC(year, month - 1, 1));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const dayOf = (day: number) => `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const cells = [...Array.from({ length: lead }, () => null), ...Array.from({ length: days }, (_, i) => i + 1)];
  return (
    <div className="hidden grid-cols-7 gap-1 text-xs md:grid" role="grid" aria-label={`${MONTHS[month - 1]} ${year}`}>
      {["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((d) => (
        <div key={d} className="p-1 text-center font-semibold text-zinc-400">
          {d}
        </div>
      ))}
      {cells.map((day, i) => {
        const date = day ? dayOf(day) : null;
        const inDay = date ? slots.filter((s) => zonedDate(s.startsAt, zone) === date) : [];
        const isToday = date === today;
        return (
          <div
            key={day ? `d${day}` : `lead${i}`}
            className={`min-h-16 min-w-0 rounded border p-1 ${isToday ? "border-brand-500" : "border-ink-800"}`}
            data-date={date ?? undefined}
            aria-current={isToday ? "date" : undefined}
          >
            {day ? <span className="text-zinc-400">{day}</span> : null}
            {inDay.map((s) => (
              <a
                key={s.id}
                href={`#slot-${s.id}`}
                className={`mt-1 block rounded px-1 py-0.5 break-words ${s.status === "cancelled" ? "bg-ink-800 line-through" : "bg-brand-900"}`}
              >
                <span className="block font-semibold">{formatClock(s.startsAt, zone)}</span>{" "}
                <span className="block">{s.gigTitle ?? "Slot"}</span>{" "}
                <span className="block text-zinc-300">
                  {s.seatsTaken} of {s.seats} taken
                  {s.waitlist > 0 && s.status !== "cancelled" ? ` · ${s.waitlist} waiting` : ""}
                  {s.moves.deciding ? ` · ${s.moves.deciding.buyers} deciding` : ""}
                </span>
              </a>
            ))}
          </div>
        );
      })}
    </div>
  );
}

/**
 * The slots as an agenda (the rolling weeks ahead, or a month): those not yet over first, by day in the streamer's
 * zone; the played ones in a section of their own, closed, read-only. `query` shows this view again (`month=..&year=..`
 * or empty for the rolling agenda); `scope` names the span ("this month", "in the next 4 weeks").
 */
export function Agenda({ agenda, query, scope }: { agenda: SlotAgenda<CalendarSlot>; query: string; scope: string }) {
  const count = agenda.upcoming.reduce((n, day) => n + day.slots.length, 0);
  return (
    <section aria-labelledby="slots-title" className="flex flex-col gap-4">
      <h2 id="slots-title" className="text-lg font-semibold">
        Upcoming slots {scope} ({count})
      </h2>
      {count === 0 ? <p className="text-sm text-zinc-400">No upcoming slots {scope}.</p> : null}
      {agenda.upcoming.map((day) => (
        <AgendaDayList key={day.date} day={day} query={query} />
      ))}
      {agenda.past.length > 0 ? (
        <details className="rounded-2xl border border-ink-700 p-4" data-testid="past-slots">
          <summary className="cursor-pointer font-semibold">
            Played {scope === "this month" ? "this month" : "today"} ({agenda.past.length})
          </summary>
          <ul className="mt-3 grid gap-3 md:grid-cols-2">
            {agenda.past.map((slot) => (
              <SlotCard key={slot.id} slot={slot} past query={query} />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function AgendaDayList({ day, query }: { day: AgendaDay<CalendarSlot>; query: string }) {
  return (
    <div className="flex flex-col gap-2" data-agenda-day={day.date}>
      <h3 className="text-sm font-semibold text-zinc-300">{day.label}</h3>
      <ul className="grid gap-3 md:grid-cols-2">
        {day.slots.map((slot) => (
          <SlotCard key={slot.id} slot={slot} past={false} query={query} />
        ))}
      </ul>
    </div>
  );
}

/** One slot: its gig, time and length, seats and waitlist, buyers; while not played, its lobby code and Cancel. */
function SlotCard({ slot, past, query }: { slot: CalendarSlot; past: boolean; query: string }) {
  const zone = useViewerZone();
  const pageOf = (page: number) => `?${query ? `${query}&` : ""}slot=${slot.id}&buyersPage=${page}#slot-${slot.id}`;
  return (
    <li
      id={`slot-${slot.id}`}
      data-starts={slot.startsAt.toISOString()}
      className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-900 p-4"
      aria-label={`Slot ${slot.gigTitle ?? ""}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 className="font-semibold break-words">{slot.gigTitle ?? "Open slot"}</h4>
          <p className="text-sm text-zinc-400">
            <time dateTime={slot.startsAt.toISOString()} data-testid="slot-time">
              {formatClock(slot.startsAt, zone)}–{formatClock(slot.endsAt, zone)}
            </time>{" "}
            · <span data-testid="slot-length">{formatSessionLength(slot.minutes)}</span>
          </p>
          {past ? <LocalTime value={slot.startsAt} className="text-xs text-zinc-400" /> : null}
          {slot.isDrop ? (
            <p className="text-sm text-amber-200" data-testid="drop-state">
              Drop: every booking asks the bot check
            </p>
          ) : null}
        </div>
        <span className="flex shrink-0 flex-col items-end text-sm">
          <span data-testid="seats">
            {slot.seatsTaken} of {slot.seats} seats taken
          </span>
          {slot.status !== "cancelled" ? (
            <span data-testid="waitlist" className={slot.waitlist > 0 ? "text-amber-300" : "text-zinc-400"}>
              {slot.waitlist} on the waitlist
            </span>
          ) : null}
        </span>
      </div>
      {slot.status === "cancelled" && !slot.noShowAt ? <p className="text-sm text-red-300">Cancelled</p> : null}
      <MoveDecisions slotId={slot.id} moves={slot.moves} />
      <SlotStartControl
        slotId={slot.id}
        startable={slot.startable}
        startedAt={slot.startedAt}
        noShowAt={slot.noShowAt}
      />
      <div>
        <h5 className="text-sm font-semibold">Buyers</h5>
        {slot.buyers.length === 0 ? (
          <p className="text-sm text-zinc-400">No bookings yet.</p>
        ) : (
          <ul className="text-sm">
            {slot.buyers.map((buyer) => (
              <li key={buyer.bookingId}>
                @{buyer.username} · {buyer.gamertags.join(", ") || "no gamer tag yet"}
              </li>
            ))}
          </ul>
        )}
        {slot.buyersPages > 1 ? (
          <nav aria-label="Buyers pages" className="mt-1 flex gap-3 text-xs">
            {slot.buyersPage > 1 ? <Link to={pageOf(slot.buyersPage - 1)}>Previous buyers</Link> : null}
            {slot.buyersPage < slot.buyersPages ? <Link to={pageOf(slot.buyersPage + 1)}>More buyers</Link> : null}
          </nav>
        ) : null}
      </div>
      {!past && slot.status === "open" ? <SlotActions slot={slot} /> : null}
    </li>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Buyers still deciding on the streamer's offer of another time: on the slot they were offered to leave, how many
 * and until when (then whoever has not answered is refunded); on the new time, the seats held for them meanwhile.
 * Times in the streamer's zone.
 */
function MoveDecisions({ slotId, moves }: { slotId: string; moves: CalendarSlot["moves"] }) {
  const zone = useViewerZone();
  const { deciding, heldFor } = moves;
  if (!deciding && !heldFor) return null;
  return (
    <div className="flex flex-col gap-1 text-sm text-amber-200">
      {deciding ? (
        <p data-testid="move-deciding">
          {plural(deciding.buyers, "buyer", "buyers")} ({plural(deciding.seats, "seat", "seats")}) still deciding on the
          move to {formatSlotTime(deciding.to.startsAt, deciding.to.endsAt, zone)}, until <When at={deciding.until} />.
          Then whoever has not answered is refunded.
        </p>
      ) : null}
      {deciding?.withdrawable ? (
        <Form method="post">
          <input type="hidden" name="slotId" value={slotId} />
          <button
            type="submit"
            name="intent"
            value="withdraw-move"
            className="rounded-lg border border-amber-300 px-3 py-2 text-sm text-amber-100"
          >
            Withdraw the offer
          </button>
        </Form>
      ) : null}
      {heldFor ? (
        <p data-testid="move-held">
          {plural(heldFor.seats, "seat", "seats")} held for {plural(heldFor.buyers, "buyer", "buyers")} deciding on a
          move here, until <When at={heldFor.until} />.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The slot's drop switch (docs/decisions/042), among the slot's actions: a drop asks every booking and waitlist join
 * for the bot check from its first seat. It changes until the slot starts; the slot's header says when it is one.
 */
function DropSwitch({ slot }: { slot: CalendarSlot }) {
  if (slot.startedAt) return null;
  return (
    <Form method="post">
      <input type="hidden" name="slotId" value={slot.id} />
      <input type="hidden" name="drop" value={slot.isDrop ? "off" : "on"} />
      <button
        type="submit"
        name="intent"
        value="drop"
        className="min-h-11 rounded-lg border border-ink-600 px-3 py-2 text-sm"
      >
        {slot.isDrop ? "Stop the drop" : "Make it a drop"}
      </button>
    </Form>
  );
}

/** A slot's lobby code and Cancel, behind one line so a day of slots reads at a glance on a phone. */
function SlotActions({ slot }: { slot: CalendarSlot }) {
  return (
    <details>
      <summary className="cursor-pointer text-sm text-brand-400">
        {slot.lobbyCode ? `Lobby code ${slot.lobbyCode} · drop · cancel` : "Lobby code · drop · cancel"}
      </summary>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="slotId" value={slot.id} />
          <label className="text-sm">
            Lobby code
            <input
              name="lobbyCode"
              defaultValue={slot.lobbyCode ?? ""}
              required
              maxLength={64}
              className={inputClass}
            />
          </label>
          <button type="submit" name="intent" value="lobby" className="rounded-lg bg-ink-700 px-3 py-2 text-sm">
            Save code
          </button>
        </Form>
        <DropSwitch slot={slot} />
        <Form method="post">
          <input type="hidden" name="slotId" value={slot.id} />
          <ConfirmButton
            value="cancel"
            question={SLOT_COPY.cancelConfirm}
            yes="Yes, cancel the slot"
            className="rounded-lg bg-red-900 px-3 py-2 text-sm"
          >
            Cancel slot
          </ConfirmButton>
        </Form>
        {slot.moveTargets.length > 0 ? <OfferMove slot={slot} /> : null}
      </div>
    </details>
  );
}

/**
 * "Offer another time": instead of only cancelling, the buyers are offered one of the gig's other open times. It asks
 * first, naming the slot, the chosen time and the fans (the dialog with JavaScript, the action's confirmation step
 * without), as "Cancel slot" does.
 */
function OfferMove({ slot }: { slot: CalendarSlot }) {
  const zone = useViewerZone();
  const [toSlotId, setToSlotId] = useState("");
  const target = slot.moveTargets.find((candidate) => candidate.id === toSlotId);
  const question = target
    ? moveOfferQuestion({ fans: slot.buyerCount, from: slot.startsAt, to: target.startsAt }, zone)
    : SLOT_COPY.moveTargetRequired;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="slotId" value={slot.id} />
      <label className="text-sm">
        Or offer another time
        <select
          name="toSlotId"
          required
          className={inputClass}
          value={toSlotId}
          onChange={(event) => setToSlotId(event.target.value)}
        >
          <option value="" disabled>
            Pick a time
          </option>
          {slot.moveTargets.map((target) => (
            <option key={target.id} value={target.id}>
              {formatSlotTime(target.startsAt, target.endsAt, zone)} · {target.seatsLeft} left
            </option>
          ))}
        </select>
      </label>
      <ConfirmButton
        value="offer-move"
        question={question}
        yes={MOVE_OFFER_YES}
        className="rounded-lg bg-ink-700 px-3 py-2 text-sm"
      >
        Offer another time
      </ConfirmButton>
    </Form>
  );
}
