import { Link } from "react-router";
import { AuthCard, primaryButton } from "~/features/auth";
import { cancelCheckout } from "~/features/payments/index.server";
import { envOf } from "~/platform/http.server";
import { orErrorPage } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { viewerTimeZone } from "~/routes/_lib/viewer-zone.server";
import type { Route } from "./+types/cancel";
import { cardPurchaseView } from "./prepaid.server";

export const meta = () => [{ title: "Checkout cancelled | Noobrd" }];

/**
 * Stripe's cancel URL (?order=): the Checkout session is expired through Stripe and the hold released at once,
 * so the seats go back to the slot. If Stripe says it was paid after all, the order is fulfilled instead. A card
 * payment for a session pack or a VIP pass ends it unbought, and the page says so (docs/decisions/040).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireUser(request, env);
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  const { order } = await orErrorPage(cancelCheckout(env, viewer, orderId));
  const prepaid =
    order.kind === "wallet_topup"
      ? await cardPurchaseView(env, viewer, order, await viewerTimeZone(request, context))
      : null;
  return { status: order.status, kind: order.kind, prepaid };
}

/** What was not bought (or, paid after all, what was), and where to go next. */
function words(data: Route.ComponentProps["loaderData"]) {
  const paid = data.status === "paid";
  if (data.prepaid) {
    return { title: data.prepaid.title, text: data.prepaid.text, link: data.prepaid.link };
  }
  if (data.kind === "wallet_topup") {
    return paid
      ? {
          title: "Your payment went through",
          text: "Your wallet was topped up.",
          link: { to: "/profile#wallet", label: "See my wallet" },
        }
      : {
          title: "Checkout cancelled",
          text: "No payment was taken.",
          link: { to: "/profile#wallet", label: "See my wallet" },
        };
  }
  return paid
    ? {
        title: "Your payment went through",
        text: "Your booking is confirmed.",
        link: { to: "/profile", label: "See my orders" },
      }
    : {
        title: "Checkout cancelled",
        text: "No payment was taken and your seats were released.",
        link: { to: "/browse", label: "Back to gigs" },
      };
}

export default function CheckoutCancel({ loaderData }: Route.ComponentProps) {
  const { title, text, link } = words(loaderData);
  return (
    <AuthCard title={title}>
      <div role="status" className="flex flex-col gap-3 text-sm text-zinc-300" data-testid="checkout-result">
        <p>{text}</p>
        <Link to={link.to} className={primaryButton}>
          {link.label}
        </Link>
      </div>
    </AuthCard>
  );
}
