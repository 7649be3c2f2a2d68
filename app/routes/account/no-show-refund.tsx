import { data } from "react-router";
import { BOOKING_COPY, cancelOrderFormSchema } from "~/features/booking";
import { claimNoShowRefund, findOwnConfirmedBooking } from "~/features/booking/index.server";
import { formatMoney, money } from "~/lib/money";
import { cloudflareContext } from "~/platform/context";
import { redirectWithToast } from "~/platform/toast.server";
import { settle } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/no-show-refund";

/**
 * POST /profile/orders/:orderId/no-show-refund: the fan's one tap when the streamer has not started (the form on the
 * order, with or without JavaScript). The use case checks the buyer and the no-show rule; the fan lands on their
 * wallet (or the order, for a refund to the card) with what was refunded, or back on the order with why not.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await requireUser(request, env);
  // The order's page, whatever the address held (a malformed id must not make an invalid Location header).
  const orderPage = `/profile/orders/${encodeURIComponent(params.orderId)}`;
  const refunded = await settle(async () => {
    const parsed = cancelOrderFormSchema.safeParse(Object.fromEntries(await request.formData()));
    if (!parsed.success) return data({ error: BOOKING_COPY.refundToInvalid }, { status: 400 });
    const bookingId = await findOwnConfirmedBooking(env, viewer, { orderId: params.orderId });
    const outcome = await claimNoShowRefund(env, viewer, bookingId, new Date(), parsed.data);
    const amount = formatMoney(money(outcome.refundedMinor, outcome.currency));
    const toCard = outcome.refundTo === "card";
    return redirectWithToast(env, toCard ? orderPage : "/profile#wallet", {
      kind: "success",
      message: `${BOOKING_COPY.noShowRefunded}: ${amount} ${toCard ? "to your card (5–10 days)" : "to your wallet"}.`,
    });
  });
  // Refused (the streamer started meanwhile, or it was refunded already): back to the order, saying why.
  return refunded.ok
    ? refunded.value
    : redirectWithToast(env, orderPage, { kind: "error", message: refunded.error.message });
}
