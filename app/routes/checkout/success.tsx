import { Link } from "react-router";
import type { Viewer } from "~/features/access";
import { PushSubscribe } from "~/features/alerts";
import { pushPublicKey } from "~/features/alerts/index.server";
import { AuthCard, primaryButton } from "~/features/auth";
import { getOrder } from "~/features/booking/index.server";
import { LIVE_COPY } from "~/features/live";
import { confirmCheckout, ownOrderStatus } from "~/features/payments/index.server";
import { SlotTime } from "~/features/time";
import { formatMoney } from "~/lib/money";
import { livePath } from "~/lib/paths.server";
import { envOf } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { orErrorPage } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { viewerTimeZone } from "~/routes/_lib/viewer-zone.server";
import type { Route } from "./+types/success";
import { type CardPurchaseView, cardPurchaseView } from "./prepaid.server";

export const meta = () => [{ title: "Payment | Noobrd" }];

/**
 * Stripe's success redirect (?session_id=). Loading (or reloading) it is one of fulfilment's three doors: the
 * order is confirmed here if the webhook has not done it yet. Idempotent, the buyer only. With ?order= it is
 * the confirmation of a wallet or free order (already paid when placed).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireUser(request, env);
  const query = new URL(request.url).searchParams;
  return orErrorPage(async () => {
    const orderId = query.get("order");
    if (orderId) {
      const order = await ownOrderStatus(env, viewer, orderId);
      return {
        orderId: order.id,
        status: order.status,
        kind: order.kind,
        booked: await bookedSession(env, viewer, order),
        pushKey: pushPublicKey(env),
        prepaid: null,
      };
    }
    const { order } = await confirmCheckout(env, viewer, query.get("session_id") ?? "");
    // A VIP queue place: back to the live session, where the fan sees their place.
    if (order.kind === "vip_queue" && order.liveSessionId && order.status === "paid") {
      throw await redirectWithToast(env, livePath(order.liveSessionId), {
        kind: "success",
        message: LIVE_COPY.vipJoined,
      });
    }
    return {
      orderId: order.id,
      status: order.status,
      kind: order.kind,
      booked: await bookedSession(env, viewer, order),
      pushKey: pushPublicKey(env),
      // A card payment for a session pack or a VIP pass: what it bought, not "wallet top-up" (docs/decisions/040).
      prepaid:
        order.kind === "wallet_topup"
          ? await cardPurchaseView(env, viewer, order, await viewerTimeZone(request, context))
          : null,
    };
  });
}

/** What a paid slot booking bought, for the page to name: the gig, the session's time, the seats and the amount. */
async function bookedSession(env: Env, viewer: Viewer, order: { id: string; kind: string; status: string }) {
  if (order.kind !== "slot_booking" || order.status !== "paid") return null;
  const details = await getOrder(env, viewer, order.id);
  if (!details.startsAt) return null;
  return {
    title: details.gigTitle ?? "Game session",
    streamer: details.streamerName || details.streamerUsername || "",
    startsAt: details.startsAt,
    endsAt: details.endsAt,
    seats: details.seats ?? 1,
    amount: formatMoney(details),
  };
}

const TITLES: Record<string, string> = {
  paid: "Payment received: you are booked",
  refunded: "Payment refunded to your wallet",
  pending_payment: "Waiting for your payment",
  cancelled: "This checkout was cancelled",
};

/** What a card payment for a session pack or a VIP pass bought (or why not), its next step and its invoice. */
function PrepaidResult({ prepaid }: { prepaid: CardPurchaseView }) {
  return (
    <AuthCard title={prepaid.title}>
      <div role="status" className="flex flex-col gap-3 text-sm text-zinc-300" data-testid="checkout-result">
        <p data-testid="prepaid-bought">{prepaid.text}</p>
        {prepaid.invoice ? (
          <a href={prepaid.invoice} className="font-semibold text-brand-400 hover:underline" download>
            Download invoice (PDF)
          </a>
        ) : null}
        <Link to={prepaid.link.to} className={primaryButton}>
          {prepaid.link.label}
        </Link>
      </div>
    </AuthCard>
  );
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { status, orderId, kind, booked, prepaid } = loaderData;
  if (prepaid) return <PrepaidResult prepaid={prepaid} />;
  const title =
    kind === "wallet_topup" && status === "paid" ? "Your wallet was topped up" : (TITLES[status] ?? "Order");
  return (
    <AuthCard title={title}>
      <div role="status" className="flex flex-col gap-3 text-sm text-zinc-300" data-testid="checkout-result">
        {status === "paid" && kind === "wallet_topup" ? (
          <p>
            Order <span className="font-mono">{orderId}</span> is paid: the amount is in your wallet now, ready for your
            next booking.
          </p>
        ) : status === "paid" ? (
          <>
            {booked ? (
              <p data-testid="booked-session">
                <strong className="text-zinc-100">{booked.title}</strong>
                {booked.streamer ? ` with ${booked.streamer}` : ""}:{" "}
                <SlotTime startsAt={booked.startsAt} endsAt={booked.endsAt} />, {booked.seats}{" "}
                {booked.seats === 1 ? "seat" : "seats"}, {booked.amount} paid.
              </p>
            ) : null}
            <p>
              Order <span className="font-mono">{orderId}</span> is confirmed. A confirmation email with a calendar
              invite is on its way.
            </p>
            <PushSubscribe
              vapidPublicKey={loaderData.pushKey}
              context="Get an alert on this device 15 minutes before your session starts."
            />
          </>
        ) : status === "refunded" ? (
          <p>
            Your payment arrived after your seat hold expired and the seat was taken, so it was refunded in full to your
            wallet.
          </p>
        ) : status === "pending_payment" ? (
          <p>We have not received the payment yet. Reload this page in a moment.</p>
        ) : (
          <p>No payment was taken.</p>
        )}
        <Link to={kind === "wallet_topup" ? "/profile#wallet" : "/profile"} className={primaryButton}>
          {kind === "wallet_topup" ? "See my wallet" : "See my orders"}
        </Link>
      </div>
    </AuthCard>
  );
}
