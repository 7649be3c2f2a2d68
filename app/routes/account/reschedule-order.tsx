import { Form, Link } from "react-router";
import { BOOKING_COPY, rescheduleFormSchema } from "~/features/booking";
import { getOrder, rescheduleBooking, rescheduleChoices } from "~/features/booking/index.server";
import { formatSlotTime, SlotTime, useViewerZone } from "~/features/time";
import { notFound } from "~/lib/errors";
import { orderPath } from "~/lib/paths";
import { FormError } from "~/lib/ui/form-error";
import { cloudflareContext } from "~/platform/context";
import { orErrorPage, settle } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction, says, signedIn } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/reschedule-order";

export const meta = () => [{ title: "Change the time of your booking | Noobrd" }];

/**
 * /profile/orders/:orderId/reschedule: the fan picks another time of the same gig for their booking (the order's
 * "Change time"), up to the free-cancellation deadline; a booking that can no longer move says why.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await requireUser(request, env);
  const order = await orErrorPage(getOrder(env, viewer, params.orderId));
  if (!order.isBuyer || !order.bookingId) throw new Response(BOOKING_COPY.orderNotFound, { status: 404 });
  const choices = await settle(rescheduleChoices(env, viewer, order.bookingId));
  return { order, choices: choices.ok ? choices.value : null, refusal: choices.ok ? null : choices.error.message };
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

export default function RescheduleOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, choices, refusal } = loaderData;
  const zone = useViewerZone();
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Change the time</h1>
      <p className="text-zinc-300">
        {order.gigTitle ?? "Session"}
        {order.starName ? ` with ${order.starName}` : ""}
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
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-zinc-200">
              New time for {choices.seats} seat{choices.seats === 1 ? "" : "s"}
            </legend>
            {choices.slots.map((slot) => {
              const fits = slot.seatsLeft >= choices.seats;
              return (
                <label
                  key={slot.id}
                  className="flex min-h-11 items-center gap-3 rounded-lg border border-ink-700 px-3 py-2 text-sm has-[:disabled]:opacity-50"
                >
                  <input type="radio" name="slotId" value={slot.id} disabled={!fits} required />
                  <span className="flex-1">
                    <SlotTime startsAt={slot.startsAt} endsAt={slot.endsAt} />
                  </span>
                  <span className="text-zinc-400">{fits ? `${slot.seatsLeft} left` : "Full"}</span>
                </label>
              );
            })}
          </fieldset>
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
