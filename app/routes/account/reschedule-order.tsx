import { Form, Link } from "react-router";
import { BOOKING_COPY, rescheduleFormSchema, type SlotPickerView } from "~/features/booking";
import { getOrder, rescheduleBooking, rescheduleChoices, slotPickerView } from "~/features/booking/index.server";
import { formatSlotTime, SlotTime, useViewerZone } from "~/features/time";
import { notFound } from "~/lib/errors";
import { orderPath } from "~/lib/paths";
import { FormError } from "~/lib/ui/form-error";
import { cloudflareContext } from "~/platform/context";
import { orErrorPage, settle } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction, says, signedIn } from "~/routes/_lib/page-action.server";
import { viewerTimeZone } from "~/routes/_lib/viewer-zone.server";
import type { Route } from "./+types/reschedule-order";

export const meta = () => [{ title: "Change the time of your booking | Noobrd" }];

/**
 * /profile/orders/:orderId/reschedule: the fan picks another time of the same gig for their booking (the order's
 * "Change time"), up to the free-cancellation deadline; a booking that can no longer move says why. The times are
 * laid out as the gig page's picker lays them (the zone said once, each date's times as 44 px tiles), with the words
 * formatted here in the viewer's zone.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await requireUser(request, env);
  const order = await orErrorPage(getOrder(env, viewer, params.orderId));
  if (!order.isBuyer || !order.bookingId) throw new Response(BOOKING_COPY.orderNotFound, { status: 404 });
  const [choices, zone] = await Promise.all([
    settle(rescheduleChoices(env, viewer, order.bookingId)),
    viewerTimeZone(request, context),
  ]);
  if (!choices.ok) return { order, choices: null, picker: null, refusal: choices.error.message };
  return { order, choices: choices.value, picker: slotPickerView(choices.value.slots, zone), refusal: null };
}

export const action = pageAction({
  guard: signedIn,
  intents: {
    reschedule: {
      schema: rescheduleFormSchema,
      plain: true,
      run: async (value, { env, viewer, params }) => {
        const order = await getOrder(env, viewer, params.orderId ?? "");
        if (!order.isBuyer || !order.bookingId) throw notFound(BOOKING_COPY.bookingNotFound);
        return rescheduleBooking(env, viewer, { bookingId: order.bookingId, toSlotId: value.slotId });
      },
      success: (_, { params }) => ({
        to: orderPath(params.orderId ?? ""),
        message: `${BOOKING_COPY.rescheduled}. The new invite is in your email.`,
      }),
      invalid: (_, message) => says(message ?? "Choose a new time"),
      refused: (error) => says(error.message, error.status),
    },
  },
  otherwise: "reschedule",
});

/**
 * The other times of the gig as the booking picker shows them (app.css `.slot-picker`): "Times in <zone>" once, a
 * strip of dates, each date's times as tiles with their seats left; a time without room for every seat of the
 * booking cannot be chosen and says so.
 */
function RescheduleTimes({ picker, seats }: { picker: SlotPickerView; seats: number }) {
  return (
    <fieldset className="slot-picker">
      <legend>
        New time for {seats} seat{seats === 1 ? "" : "s"}
      </legend>
      <p>Times in {picker.zoneLabel}</p>
      {picker.days.length > 1 ? (
        <nav aria-label="Dates" className="date-strip">
          {picker.days.map((day, index) => (
            <a key={day.label} href={`#day-${index}`} className="date-button">
              {day.label}
            </a>
          ))}
        </nav>
      ) : null}
      {picker.days.map((day, index) => (
        <div key={day.label} id={`day-${index}`} data-day>
          <h3>{day.label}</h3>
          <ul>
            {day.times.map((slot) => {
              const time = <time dateTime={slot.startsAt}>{slot.time}</time>;
              const fits = slot.seatsLeft >= seats;
              return (
                <li key={slot.id} data-testid="slot" data-slot={slot.id}>
                  {fits ? (
                    <label className="time-tile">
                      <input type="radio" name="slotId" value={slot.id} required className="time-radio" />
                      {time}
                    </label>
                  ) : (
                    <span className="time-tile">{time}</span>
                  )}
                  <small>
                    {fits || slot.seatsLeft === 0 ? slot.seatsWords : `${slot.seatsWords}: not enough for ${seats}`}
                  </small>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </fieldset>
  );
}

export default function RescheduleOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, choices, picker, refusal } = loaderData;
  const zone = useViewerZone();
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Change the time</h1>
      <p className="text-zinc-300">
        {order.gigTitle ?? "Session"}
        {order.streamerName ? ` with ${order.streamerName}` : ""}
        {order.startsAt ? (
          <>
            {" · now "}
            <SlotTime startsAt={order.startsAt} endsAt={order.endsAt} />
          </>
        ) : null}
      </p>
      <FormError message={actionData?.error} />
      {!choices ? (
        <p className="text-sm text-zinc-300">
          {refusal}.{" "}
          <Link to={orderPath(order.id)} className="underline">
            Back to your order
          </Link>
        </p>
      ) : choices.slots.length === 0 ? (
        <p className="text-sm text-zinc-300">
          This gig has no other time yet.{" "}
          <Link to={orderPath(order.id)} className="underline">
            Back to your order
          </Link>
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <p className="text-sm text-zinc-400">
            You can move it until {formatSlotTime(choices.deadline, null, zone)}. Nothing more to pay: the price you
            paid stands.
          </p>
          {picker ? <RescheduleTimes picker={picker} seats={choices.seats} /> : null}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="primary-button">
              Move my booking
            </button>
            <Link to={orderPath(order.id)} className="rounded-lg border border-ink-600 px-4 py-2 text-sm">
              Keep this time
            </Link>
          </div>
        </Form>
      )}
    </main>
  );
}
