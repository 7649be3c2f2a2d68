import { Form, Link } from "react-router";
import { BOOKING_COPY, moveOfferFormSchema } from "~/features/booking";
import { answerMoveOffer, getOrder, moveOfferFor } from "~/features/booking/index.server";
import { formatSlotTime, SlotTime, useViewerZone } from "~/features/time";
import { formatMoney } from "~/lib/money";
import { orderPath } from "~/lib/paths";
import { FormError } from "~/lib/ui/form-error";
import { cloudflareContext } from "~/platform/context";
import { orErrorPage } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction, says, signedIn } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/move-offer";

export const meta = () => [{ title: "A new time for your session | Noobrd" }];

/**
 * /profile/orders/:orderId/new-time: the streamer can't make the booked time and offers another; the fan moves to
 * it or takes a full refund (a plain form, no JavaScript needed). Only the booking's own fan sees it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await requireUser(request, env);
  const offer = await orErrorPage(moveOfferFor(env, viewer, params.orderId));
  const order = await orErrorPage(getOrder(env, viewer, params.orderId));
  return { offer, order };
}

export const action = pageAction({
  guard: signedIn,
  intents: {
    answer: {
      schema: moveOfferFormSchema,
      plain: true,
      run: (value, { env, viewer, params }) =>
        answerMoveOffer(env, viewer, { orderId: params.orderId ?? "", choice: value.choice }),
      success: (answered, { params }) => ({
        to: orderPath(params.orderId ?? ""),
        message:
          answered.choice === "move"
            ? `${BOOKING_COPY.moveOfferMoved}. The new invite is in your email.`
            : BOOKING_COPY.moveOfferRefunded,
      }),
      invalid: (_, message) => says(message ?? "Choose"),
      refused: (error) => says(error.message, error.status),
    },
  },
  otherwise: "answer",
});

export default function MoveOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, order } = loaderData;
  const zone = useViewerZone();
  const streamer = order.streamerName || order.streamerUsername || "Your streamer";
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">A new time for your session</h1>
      <p className="text-zinc-300" data-testid="move-offer">
        {streamer} can't make <SlotTime startsAt={offer.from.startsAt} endsAt={offer.from.endsAt} /> for{" "}
        {order.gigTitle ?? "your session"}. Move to <SlotTime startsAt={offer.to.startsAt} endsAt={offer.to.endsAt} />{" "}
        or get a full refund of {formatMoney(order.net)}.
      </p>
      <FormError message={actionData?.error} />
      {offer.state === "offered" ? (
        <Form method="post" className="flex flex-col gap-3">
          <p className="text-sm text-zinc-400">
            Moving costs nothing: the price you paid stands ({offer.seats} seat{offer.seats === 1 ? "" : "s"}). Without
            an answer by {formatSlotTime(offer.expiresAt, null, zone)}, you are refunded in full to your wallet.
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="choice" value="move" className="primary-button min-h-11">
              Move to the new time
            </button>
            <button
              type="submit"
              name="choice"
              value="refund"
              className="min-h-11 rounded-lg border border-ink-600 px-4 py-2 text-sm"
            >
              Refund {formatMoney(order.net)} to my wallet
            </button>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-zinc-300">
          {offer.state === "moved" ? BOOKING_COPY.moveOfferMoved : BOOKING_COPY.moveOfferRefunded}.{" "}
          <Link to={orderPath(order.id)} className="underline">
            Back to your order
          </Link>
        </p>
      )}
    </main>
  );
}
