import { Link } from "react-router";
import { AuthCard, primaryButton } from "~/features/auth";
import { cancelCheckout } from "~/features/payments/index.server";
import { envOf } from "~/platform/http.server";
import { orErrorPage } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/cancel";

export const meta = () => [{ title: "Checkout cancelled | Noobrd" }];

/**
 * Stripe's cancel URL (?order=): the Checkout session is expired through Stripe and the hold released at once,
 * so the seats go back to the slot. If Stripe says it was paid after all, the order is fulfilled instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireUser(request, env);
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  const { order } = await orErrorPage(cancelCheckout(env, viewer, orderId));
  return { status: order.status, slotId: order.slotId };
}

export default function CheckoutCancel({ loaderData }: Route.ComponentProps) {
  const paid = loaderData.status === "paid";
  return (
    <AuthCard title={paid ? "Your payment went through" : "Checkout cancelled"}>
      <div role="status" className="flex flex-col gap-3 text-sm text-zinc-300">
        <p>{paid ? "Your booking is confirmed." : "No payment was taken and your seats were released."}</p>
        <Link to={paid ? "/profile" : "/browse"} className={primaryButton}>
          {paid ? "See my orders" : "Back to gigs"}
        </Link>
      </div>
    </AuthCard>
  );
}
