import { Form, Link } from "react-router";
import {
  BOOKING_COPY,
  cancelOrderFormSchema,
  offersRefundChoice,
  RefundChoice,
  refundPreview,
} from "~/features/booking";
import { cancelBooking, getOrder } from "~/features/booking/index.server";
import { SlotTime } from "~/features/time";
import { notFound } from "~/lib/errors";
import { formatMoney, money } from "~/lib/money";
import { orderPath } from "~/lib/paths";
import { FormError } from "~/lib/ui/form-error";
import { cloudflareContext } from "~/platform/context";
import { orErrorPage } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction, says, signedIn } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/cancel-order";

export const meta = () => [{ title: "Cancel booking | Noobrd" }];

/** /profile/orders/:orderId/cancel: the confirmation page (the Cancel button without JavaScript). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await requireUser(request, env);
  const order = await orErrorPage(getOrder(env, viewer, params.orderId));
  if (!order.isBuyer) throw new Response(BOOKING_COPY.orderNotFound, { status: 404 });
  return { order };
}

/** Cancels the booking of the order (cancelBooking checks the buyer and the policy) and goes back to /profile. */
export const action = pageAction({
  guard: signedIn,
  intents: {
    cancel: {
      schema: cancelOrderFormSchema,
      plain: true,
      run: async (value, { env, viewer, params }) => {
        const order = await getOrder(env, viewer, params.orderId ?? "");
        if (!order.bookingId || !order.isBuyer) throw notFound(BOOKING_COPY.bookingNotFound);
        return { orderId: order.id, outcome: await cancelBooking(env, viewer, order.bookingId, new Date(), value) };
      },
      success: ({ orderId, outcome }: { orderId: string; outcome: Awaited<ReturnType<typeof cancelBooking>> }) => {
        const amount = formatMoney(money(outcome.refundedMinor, outcome.currency));
        const refunded =
          outcome.refundedMinor === 0
            ? " There is no refund this close to the start."
            : outcome.refundTo === "card"
              ? ` ${amount} is being refunded to your card: it shows there in 5–10 days.`
              : ` ${amount} was refunded to your wallet.`;
        const toCard = outcome.refundTo === "card" && outcome.refundedMinor > 0;
        return {
          to: toCard ? orderPath(orderId) : "/profile#wallet",
          message: `${BOOKING_COPY.cancelled}.${refunded}`,
        };
      },
      invalid: () => says(BOOKING_COPY.refundToInvalid),
      refused: (error) => says(error.message, error.status),
    },
  },
  otherwise: "cancel",
});

export default function CancelOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Cancel this booking?</h1>
      <p className="text-zinc-300">
        {order.gigTitle ?? "Session"}
        {order.streamerName ? ` with ${order.streamerName}` : ""}
        {order.startsAt ? (
          <>
            {" · "}
            <SlotTime startsAt={order.startsAt} endsAt={order.endsAt} />
          </>
        ) : null}
      </p>
      <FormError message={actionData?.error} />
      {order.canCancel && order.startsAt ? (
        <>
          <p className="text-sm text-zinc-300">
            {refundPreview(order.startsAt, order.amountMinor, order.refundedMinor, order.currency, order.paymentMethod)}{" "}
            See the{" "}
            <Link to="/cancellation-policy" className="underline">
              Cancellation Policy
            </Link>
            .
          </p>
          <Form method="post" className="flex flex-wrap gap-3">
            {offersRefundChoice(order.startsAt, order.amountMinor, order.refundedMinor, order.paymentMethod) ? (
              <div className="w-full">
                <RefundChoice idPrefix="refund-to" />
              </div>
            ) : null}
            <button type="submit" className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold hover:bg-red-600">
              Yes, cancel my booking
            </button>
            <Link to="/profile#orders" className="rounded-lg border border-ink-600 px-4 py-2 text-sm">
              Keep it
            </Link>
          </Form>
        </>
      ) : (
        <p className="text-sm text-zinc-300">
          This booking can no longer be cancelled ({order.statusText}).{" "}
          <Link to="/profile#orders" className="underline">
            Back to your orders
          </Link>
        </p>
      )}
    </main>
  );
}
