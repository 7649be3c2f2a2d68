import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { ConfirmStep } from "~/components/confirm";
import { BOOKING_COPY } from "~/features/booking";
import { startSlotSession, withdrawMoveOffer } from "~/features/booking/index.server";
import { listGigs } from "~/features/gigs/index.server";
import {
  addSlotsFormSchema,
  cancelSlotSchema,
  lobbyCodeSchema,
  MOVE_OFFER_YES,
  moveOfferQuestion,
  offerMoveSchema,
  REPEAT_WEEKS_MAX,
  SLOT_BUYERS_PAGE,
  SLOT_COPY,
  slotAgenda,
  slotDropSchema,
} from "~/features/slots";
import {
  addSlots,
  cancelSlot,
  moveTargetsOf,
  offerSlotMove,
  setSlotDrop,
  setSlotLobbyCode,
  slotMoveSummary,
  slotsBetween,
} from "~/features/slots/index.server";
import {
  addDays,
  type CalendarMonth,
  currentMonth,
  monthBounds,
  TimeZoneSelect,
  zonedDate,
  zonedToUtc,
} from "~/features/time";
import { timeZoneOptions } from "~/features/time/index.server";
import { askedToConfirm } from "~/lib/confirm";
import type { AppError } from "~/lib/errors";
import { Field, inputClass } from "~/lib/ui/field";
import { useHydrated } from "~/lib/ui/use-hydrated";
import { envOf } from "~/platform/http.server";
import type { FormFailure } from "~/routes/_lib/form.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import { pageAction, says, streamerOnly } from "~/routes/_lib/page-action.server";
import { viewerTimeZone } from "~/routes/_lib/viewer-zone.server";
import type { Route } from "./+types/calendar";
import { Agenda, MONTHS, MonthGrid } from "./calendar-parts";

export const meta = () => [{ title: "Calendar | Noobrd" }];

/** ?month=&year=, else this month where the streamer is (docs/decisions/019-viewer-time-zone.md). */
function monthOf(url: URL, zone: string, now: Date): CalendarMonth {
  const month = Number(url.searchParams.get("month"));
  const year = Number(url.searchParams.get("year"));
  const valid =
    Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year) && year >= 2000 && year <= 2100;
  return valid ? { month, year } : currentMonth(now, zone);
}

/** The rolling agenda's span: today and the weeks after it where the streamer is, across month ends. */
const AGENDA_WEEKS = 4;

/**
 * /influencer/calendar-dashboard: a rolling agenda of today and the next AGENDA_WEEKS weeks (across month ends), or
 * with ?month=&year= that month (from md up also as a month grid). Each slot with its gig, time, length, seats,
 * waitlist and buyers, upcoming by day, the played ones apart.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStreamer(request, env);
  const url = new URL(request.url);
  const zone = await viewerTimeZone(request, context);
  const now = new Date();
  const { month, year } = monthOf(url, zone, now);
  const view: "agenda" | "month" = url.searchParams.has("month") ? "month" : "agenda";
  const today = zonedDate(now, zone);
  const span =
    view === "month"
      ? monthBounds({ month, year }, zone)
      : { from: zonedToUtc(today, "00:00", zone), to: zonedToUtc(addDays(today, AGENDA_WEEKS * 7), "00:00", zone) };
  const [slots, gigs] = await Promise.all([
    slotsBetween(env, viewer, viewer.id, span, now),
    listGigs(env, viewer, viewer.id, { archived: false, limit: 100 }),
  ]);
  const pagedSlot = url.searchParams.get("slot");
  const buyersPage = Math.max(1, Number(url.searchParams.get("buyersPage")) || 1);
  const targets = await moveTargetsOf(env, viewer, viewer.id, slots, now);
  const paged = slots.map((slot) => {
    const page = slot.id === pagedSlot ? buyersPage : 1;
    const totalPages = Math.max(1, Math.ceil(slot.buyers.length / SLOT_BUYERS_PAGE));
    return {
      ...slot,
      buyers: slot.buyers.slice((page - 1) * SLOT_BUYERS_PAGE, page * SLOT_BUYERS_PAGE),
      buyerCount: slot.buyers.length,
      buyersPage: page,
      buyersPages: totalPages,
      moveTargets: targets[slot.id] ?? [],
    };
  });
  return {
    view,
    /** The query that shows this view again (a slot's buyers pages, the redirects). */
    viewQuery: view === "month" ? `month=${month}&year=${year}` : "",
    weeks: AGENDA_WEEKS,
    month,
    year,
    slots: paged,
    agenda: slotAgenda(paged, zone, now),
    zone,
    zones: timeZoneOptions(now),
    gigs: gigs.gigs.map((gig) => ({ id: gig.id, title: gig.title })),
    selectedGig: url.searchParams.get("gig") ?? "",
    /** Today where the streamer is, drawn the same on the server and in the browser. */
    today,
  };
}

/** The calendar's buttons (no Conform form): a refusal or a bad input is one message beside them. */
const plain = {
  refused: (error: AppError) => says(error.message, error.status),
  invalid: (_: unknown, message: string | undefined) => says(message ?? SLOT_COPY.notFound),
};
const here = (request: Request) => `/influencer/calendar-dashboard${new URL(request.url).search}`;

export const action = pageAction({
  guard: streamerOnly,
  intents: {
    add: {
      schema: addSlotsFormSchema,
      run: (value, { env, viewer }) => addSlots(env, viewer, value).then((added) => ({ added, date: value.date })),
      success: ({ added, date }: { added: Awaited<ReturnType<typeof addSlots>>; date: string }) => {
        const [year, month] = date.split("-").map(Number);
        const skipped = added.overlapping > 0 ? ` (${added.overlapping} overlapping skipped)` : "";
        return {
          to: `/influencer/calendar-dashboard?month=${month}&year=${year}`,
          message: `${SLOT_COPY.added}${skipped}`,
        };
      },
    },
    lobby: {
      schema: lobbyCodeSchema,
      plain: true,
      run: (v, { env, viewer }) => setSlotLobbyCode(env, viewer, v.slotId, v.lobbyCode),
      success: (_, { request }) => ({ to: here(request), message: SLOT_COPY.lobbySaved }),
      ...plain,
      invalid: (_, message) => says(message ?? SLOT_COPY.lobbyRequired),
    },
    drop: {
      schema: slotDropSchema,
      plain: true,
      run: (v, { env, viewer }) => setSlotDrop(env, viewer, v.slotId, v.drop === "on"),
      success: ({ drop }: { drop: boolean }, { request }) => ({
        to: here(request),
        message: drop ? SLOT_COPY.dropOn : SLOT_COPY.dropOff,
      }),
      ...plain,
    },
    start: {
      schema: cancelSlotSchema,
      plain: true,
      run: (v, { env, viewer }) => startSlotSession(env, viewer, v.slotId),
      success: (_, { request }) => ({ to: here(request), message: BOOKING_COPY.sessionStarted }),
      ...plain,
      invalid: () => says(SLOT_COPY.notFound),
    },
    cancel: {
      schema: cancelSlotSchema,
      plain: true,
      run: (v, { env, viewer }) => cancelSlot(env, viewer, v.slotId),
      success: (_, { request }) => ({ to: here(request), message: SLOT_COPY.cancelled }),
      confirm: { question: SLOT_COPY.cancelConfirm, yes: "Yes, cancel the slot" },
      ...plain,
      invalid: () => says(SLOT_COPY.notFound),
    },
    "offer-move": {
      schema: offerMoveSchema,
      plain: true,
      run: (v, { env, viewer }) => offerSlotMove(env, viewer, v),
      success: (_, { request }) => ({ to: here(request), message: SLOT_COPY.moveOffered }),
      confirm: async ({ env, viewer, request, context }, v) => ({
        question: moveOfferQuestion(await slotMoveSummary(env, viewer, v), await viewerTimeZone(request, context)),
        yes: MOVE_OFFER_YES,
      }),
      ...plain,
      invalid: (_, message) => says(message ?? SLOT_COPY.moveTargetRequired),
    },
    "withdraw-move": {
      schema: cancelSlotSchema,
      plain: true,
      run: (v, { env, viewer }) => withdrawMoveOffer(env, viewer, { slotId: v.slotId }),
      success: (_, { request }) => ({ to: here(request), message: SLOT_COPY.moveWithdrawn }),
      ...plain,
      invalid: () => says(SLOT_COPY.notFound),
    },
  },
});

const button = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500";
const navLink = "inline-flex min-h-11 items-center rounded-lg border border-ink-700 px-3";

export default function Calendar({ loaderData, actionData: raw }: Route.ComponentProps) {
  const actionData = raw as (Partial<FormFailure> & { intent?: string }) | undefined;
  const { month, year, slots, gigs, selectedGig } = loaderData;
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "add-slots",
    lastResult: actionData?.result ?? undefined,
    defaultValue: { productId: selectedGig, repeatWeeks: "0" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addSlotsFormSchema }),
  });
  const prev = month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
  const next = month === 12 ? { month: 1, year: year + 1 } : { month: month + 1, year };
  const { view, viewQuery, weeks } = loaderData;
  const thisMonth = `?month=${Number(loaderData.today.slice(5, 7))}&year=${Number(loaderData.today.slice(0, 4))}`;
  // The form opens by itself when it was sent back with errors, or when a gig's "Add slots" link chose the gig.
  const adding = actionData?.intent === "add" || selectedGig !== "";
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">
          Calendar · {view === "month" ? `${MONTHS[month - 1]} ${year}` : `Next ${weeks} weeks`}
        </h1>
        <nav aria-label="Calendar views" className="flex flex-wrap gap-2 text-sm">
          {view === "month" ? (
            <>
              <Link to={`?month=${prev.month}&year=${prev.year}`} className={navLink}>
                ← Previous month
              </Link>
              <Link to={`?month=${next.month}&year=${next.year}`} className={navLink}>
                Next month →
              </Link>
              <Link to="/influencer/calendar-dashboard" className={navLink}>
                Next {weeks} weeks
              </Link>
            </>
          ) : (
            <Link to={thisMonth} className={navLink}>
              Month view
            </Link>
          )}
        </nav>
      </header>
      <ConfirmStep ask={askedToConfirm(raw)} />
      {actionData?.error ? (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-950 p-3 text-sm text-red-200">
          {actionData.error}
        </p>
      ) : null}
      <details
        open={adding}
        aria-labelledby="add-slots-title"
        className="rounded-2xl border border-ink-700 bg-ink-900 p-4 sm:p-6"
      >
        <summary
          id="add-slots-title"
          className="inline-flex min-h-11 cursor-pointer list-none items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold hover:bg-brand-500"
        >
          Add slots
        </summary>
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
              <TimeZoneSelect id="timeZone" name="timeZone" options={loaderData.zones} defaultValue={loaderData.zone} />
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
            <label className="flex min-h-11 items-start gap-2 text-sm sm:col-span-3">
              <input
                {...getInputProps(fields.drop, { type: "checkbox" })}
                className="mt-1 size-5"
                aria-describedby="drop-hint"
              />
              <span>
                These times are a drop
                <span id="drop-hint" className="block text-zinc-400">
                  Expecting a rush? Every booking and waitlist join asks the check that you are not a robot from the
                  first seat, and each account holds one unpaid seat at a time.
                </span>
              </span>
            </label>
            <button type="submit" name="intent" value="add" className={`${button} self-start`}>
              Add slots
            </button>
          </Form>
        )}
      </details>
      {view === "month" ? <MonthGrid month={month} year={year} slots={slots} today={loaderData.today} /> : null}
      <Agenda
        agenda={loaderData.agenda}
        query={viewQuery}
        scope={view === "month" ? "this month" : `in the next ${weeks} weeks`}
      />
    </main>
  );
}
