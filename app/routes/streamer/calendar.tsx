import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { ConfirmButton, ConfirmStep } from "~/components/confirm";
import { listGigs } from "~/features/gigs/index.server";
import {
  addSlotsSchema,
  cancelSlotSchema,
  LocalTime,
  lobbyCodeSchema,
  REPEAT_WEEKS_MAX,
  SLOT_BUYERS_PAGE,
  SLOT_MESSAGES,
  TimeZoneInput,
} from "~/features/slots";
import { addSlots, cancelSlot, monthSlots, setSlotLobbyCode } from "~/features/slots/index.server";
import {
  type CalendarMonth,
  currentMonth,
  formatClock,
  formatSessionLength,
  useViewerZone,
  zonedDate,
} from "~/features/time";
import { askedToConfirm, confirmationNeeded } from "~/lib/confirm";
import { Field, inputClass } from "~/lib/ui/field";
import { useHydrated } from "~/lib/ui/use-hydrated";
import { firstIssue } from "~/lib/validation";
import { envOf } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { errorReply, type FormFailure, runForForm, settle } from "~/routes/_lib/form.server";
import { requireInfluencer } from "~/routes/_lib/guards.server";
import { viewerTimeZone } from "~/routes/_lib/viewer-zone.server";
import type { Route } from "./+types/calendar";

export const meta = () => [{ title: "Calendar | Noobrd" }];

/** ?month=&year=, else this month where the streamer is (docs/decisions/019-viewer-time-zone.md). */
function monthOf(url: URL, zone: string, now: Date): CalendarMonth {
  const month = Number(url.searchParams.get("month"));
  const year = Number(url.searchParams.get("year"));
  const valid =
    Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year) && year >= 2000 && year <= 2100;
  return valid ? { month, year } : currentMonth(now, zone);
}

/** /influencer/calendar-dashboard?month=&year=: the month's slots, each with its gig, seats and buyers. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireInfluencer(request, env);
  const url = new URL(request.url);
  const zone = await viewerTimeZone(request, context);
  const now = new Date();
  const { month, year } = monthOf(url, zone, now);
  const [slots, gigs] = await Promise.all([
    monthSlots(env, viewer, viewer.id, { month, year }, zone, now),
    listGigs(env, viewer, viewer.id, { archived: false, limit: 100 }),
  ]);
  const pagedSlot = url.searchParams.get("slot");
  const buyersPage = Math.max(1, Number(url.searchParams.get("buyersPage")) || 1);
  return {
    month,
    year,
    slots: slots.map((slot) => {
      const page = slot.id === pagedSlot ? buyersPage : 1;
      const totalPages = Math.max(1, Math.ceil(slot.buyers.length / SLOT_BUYERS_PAGE));
      return {
        ...slot,
        buyers: slot.buyers.slice((page - 1) * SLOT_BUYERS_PAGE, page * SLOT_BUYERS_PAGE),
        buyersPage: page,
        buyersPages: totalPages,
      };
    }),
    gigs: gigs.gigs.map((gig) => ({ id: gig.id, title: gig.title })),
    selectedGig: url.searchParams.get("gig") ?? "",
    /** Today where the streamer is, drawn the same on the server and in the browser. */
    today: zonedDate(now, zone),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = envOf(context);
  const viewer = await requireInfluencer(request, env);
  const formData = await request.formData();
  const intent = String(formData.get("intent"));
  const back = new URL(request.url);
  const here = `/influencer/calendar-dashboard${back.search}`;
  if (intent === "add") {
    const submission = parseWithZod(formData, { schema: addSlotsSchema });
    if (submission.status !== "success")
      return data({ intent, result: submission.reply(), error: null }, { status: 400 });
    const outcome = await runForForm(submission, () => addSlots(env, viewer, submission.value));
    if (!outcome.ok) return outcome.response;
    const [year, month] = submission.value.date.split("-").map(Number);
    const skipped = outcome.value.overlapping > 0 ? ` (${outcome.value.overlapping} overlapping skipped)` : "";
    return redirectWithToast(env, `/influencer/calendar-dashboard?month=${month}&year=${year}`, {
      kind: "success",
      message: `${SLOT_MESSAGES.added}${skipped}`,
    });
  }
  const answered = await settle(async () => {
    if (intent === "lobby") {
      const input = lobbyCodeSchema.safeParse(Object.fromEntries(formData));
      if (!input.success)
        return data(
          { intent, result: null, error: firstIssue(input.error, { fallback: SLOT_MESSAGES.lobbyRequired }) },
          { status: 400 },
        );
      await setSlotLobbyCode(env, viewer, input.data.slotId, input.data.lobbyCode);
      return redirectWithToast(env, here, { kind: "success", message: SLOT_MESSAGES.lobbySaved });
    }
    if (intent === "cancel") {
      const ask = confirmationNeeded(formData, SLOT_MESSAGES.cancelConfirm, "Yes, cancel the slot");
      if (ask) return ask;
      const input = cancelSlotSchema.safeParse(Object.fromEntries(formData));
      if (!input.success) return data({ intent, result: null, error: SLOT_MESSAGES.notFound }, { status: 400 });
      await cancelSlot(env, viewer, input.data.slotId);
      return redirectWithToast(env, here, { kind: "success", message: SLOT_MESSAGES.cancelled });
    }
    return data({ intent, result: null, error: "Unknown action" }, { status: 400 });
  });
  return answered.ok ? answered.value : errorReply(answered.error, { intent, result: null });
}

const MONTHS = [
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
const button = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500";

type LoaderSlot = Route.ComponentProps["loaderData"]["slots"][number];

/**
 * The month as the streamer lives it: each slot on its day and at its time in the viewer's zone (a 23:30 IST slot
 * is on its Indian day, not the UTC one; docs/decisions/019-viewer-time-zone.md).
 */
function MonthGrid({ month, year, slots, today }: { month: number; year: number; slots: LoaderSlot[]; today: string }) {
  const zone = useViewerZone();
  // The weekday and length of a calendar month do not depend on the zone: plain date arithmetic.
  const first = new Date(Date.UTC(year, month - 1, 1));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const dayOf = (day: number) => `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const cells = [...Array.from({ length: lead }, () => null), ...Array.from({ length: days }, (_, i) => i + 1)];
  return (
    <div className="grid grid-cols-7 gap-1 text-xs" role="grid" aria-label={`${MONTHS[month - 1]} ${year}`}>
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
            className={`min-h-16 rounded border p-1 ${isToday ? "border-brand-500" : "border-ink-800"}`}
            data-date={date ?? undefined}
            aria-current={isToday ? "date" : undefined}
          >
            {day ? <span className="text-zinc-500">{day}</span> : null}
            {inDay.map((s) => (
              <a
                key={s.id}
                href={`#slot-${s.id}`}
                title={s.productTitle ?? undefined}
                className={`mt-1 block truncate rounded px-1 ${s.status === "cancelled" ? "bg-ink-800 line-through" : "bg-brand-900"}`}
              >
                {formatClock(s.startsAt, zone)} {s.productTitle ?? "Slot"} {s.seatsTaken}/{s.seats}
                {s.waitlist > 0 && s.status !== "cancelled" ? ` +${s.waitlist} waiting` : ""}
              </a>
            ))}
          </div>
        );
      })}
    </div>
  );
}

export default function Calendar({ loaderData, actionData: raw }: Route.ComponentProps) {
  const actionData = raw as (Partial<FormFailure> & { intent?: string }) | undefined;
  const { month, year, slots, gigs, selectedGig } = loaderData;
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "add-slots",
    lastResult: actionData?.result ?? undefined,
    defaultValue: { productId: selectedGig, repeatWeeks: "0" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addSlotsSchema }),
  });
  const prev = month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
  const next = month === 12 ? { month: 1, year: year + 1 } : { month: month + 1, year };
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">
          Calendar · {MONTHS[month - 1]} {year}
        </h1>
        <nav aria-label="Months" className="flex gap-3 text-sm">
          <Link to={`?month=${prev.month}&year=${prev.year}`}>← Previous month</Link>
          <Link to={`?month=${next.month}&year=${next.year}`}>Next month →</Link>
        </nav>
      </header>
      <ConfirmStep ask={askedToConfirm(raw)} />
      {actionData?.error ? (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-950 p-3 text-sm text-red-200">
          {actionData.error}
        </p>
      ) : null}
      <section aria-labelledby="add-slots-title" className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
        <h2 id="add-slots-title" className="text-lg font-semibold">
          Add slots
        </h2>
        {gigs.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-400">
            <Link to="/influencer/products/new" className="text-brand-400">
              Add a gig
            </Link>{" "}
            first.
          </p>
        ) : (
          <Form
            method="post"
            {...getFormProps(form)}
            className="mt-4 grid gap-4 sm:grid-cols-3"
            data-hydrated={hydrated ? "" : undefined}
          >
            {form.errors?.length ? (
              <p role="alert" className="text-sm text-red-400 sm:col-span-3">
                {form.errors.join(". ")}
              </p>
            ) : null}
            <Field label="Gig" id={fields.productId.id} errors={fields.productId.errors}>
              <select {...getSelectProps(fields.productId)} className={inputClass}>
                <option value="">Pick a gig</option>
                {gigs.map((gig) => (
                  <option key={gig.id} value={gig.id}>
                    {gig.title}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Date" id={fields.date.id} errors={fields.date.errors}>
              <input {...getInputProps(fields.date, { type: "date" })} className={inputClass} />
            </Field>
            <Field label="Start time" id={fields.startTime.id} errors={fields.startTime.errors}>
              <input {...getInputProps(fields.startTime, { type: "time" })} className={inputClass} />
            </Field>
            <Field label="Time zone" id="timeZone" errors={fields.timeZone.errors}>
              <TimeZoneInput id="timeZone" name="timeZone" />
            </Field>
            <Field label="Seats (default: the mode's players)" id={fields.seats.id} errors={fields.seats.errors}>
              <input {...getInputProps(fields.seats, { type: "number" })} min={1} max={100} className={inputClass} />
            </Field>
            <Field
              label={`Repeat weekly for (0-${REPEAT_WEEKS_MAX} more weeks)`}
              id={fields.repeatWeeks.id}
              errors={fields.repeatWeeks.errors}
            >
              <input
                {...getInputProps(fields.repeatWeeks, { type: "number" })}
                min={0}
                max={REPEAT_WEEKS_MAX}
                className={inputClass}
              />
            </Field>
            <button type="submit" name="intent" value="add" className={`${button} self-start`}>
              Add slots
            </button>
          </Form>
        )}
      </section>
      <MonthGrid month={month} year={year} slots={slots} today={loaderData.today} />
      <section aria-labelledby="slots-title" className="flex flex-col gap-4">
        <h2 id="slots-title" className="text-lg font-semibold">
          Slots this month ({slots.length})
        </h2>
        {slots.length === 0 ? <p className="text-sm text-zinc-400">No slots this month.</p> : null}
        <ul className="grid gap-4 md:grid-cols-2">
          {slots.map((slot) => (
            <li
              key={slot.id}
              id={`slot-${slot.id}`}
              className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-900 p-4"
              aria-label={`Slot ${slot.productTitle ?? ""}`}
            >
              <div className="flex items-start justify-between gap-2">
                <div>
                  <h3 className="font-semibold">{slot.productTitle ?? "Open slot"}</h3>
                  <p className="text-sm text-zinc-400">
                    <LocalTime value={slot.startsAt} /> ·{" "}
                    <span data-testid="slot-length">{formatSessionLength(slot.minutes)}</span>
                  </p>
                </div>
                <span className="flex flex-col items-end text-sm">
                  <span data-testid="seats">
                    {slot.seatsTaken} of {slot.seats} seats taken
                  </span>
                  {slot.waitlist > 0 && slot.status !== "cancelled" ? (
                    <span data-testid="waitlist" className="text-amber-300">
                      {slot.waitlist} on the waitlist
                    </span>
                  ) : null}
                </span>
              </div>
              {slot.status === "cancelled" ? <p className="text-sm text-red-300">Cancelled</p> : null}
              <div>
                <h4 className="text-sm font-semibold">Buyers</h4>
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
                    {slot.buyersPage > 1 ? (
                      <Link
                        to={`?month=${month}&year=${year}&slot=${slot.id}&buyersPage=${slot.buyersPage - 1}#slot-${slot.id}`}
                      >
                        Previous buyers
                      </Link>
                    ) : null}
                    {slot.buyersPage < slot.buyersPages ? (
                      <Link
                        to={`?month=${month}&year=${year}&slot=${slot.id}&buyersPage=${slot.buyersPage + 1}#slot-${slot.id}`}
                      >
                        More buyers
                      </Link>
                    ) : null}
                  </nav>
                ) : null}
              </div>
              {slot.status === "open" ? (
                <div className="flex flex-wrap items-end gap-2">
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
                    <button
                      type="submit"
                      name="intent"
                      value="lobby"
                      className="rounded-lg bg-ink-700 px-3 py-2 text-sm"
                    >
                      Save code
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="slotId" value={slot.id} />
                    <ConfirmButton
                      value="cancel"
                      question={SLOT_MESSAGES.cancelConfirm}
                      yes="Yes, cancel the slot"
                      className="rounded-lg bg-red-900 px-3 py-2 text-sm"
                    >
                      Cancel slot
                    </ConfirmButton>
                  </Form>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
