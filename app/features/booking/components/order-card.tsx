import { Link } from "react-router";
import { SlotTime } from "~/features/time";
import { formatMoney } from "~/lib/money";
import { orderPath } from "~/lib/paths";
import { LOBBY_CODE_VISIBLE_BEFORE_MS } from "../order-view";
import type { OrderDetails } from "../orders.server";
import { CancelBooking } from "./cancel-booking";
import { GamerTagsForm } from "./gamer-tags-form";
import { NoShowRefund } from "./no-show-refund";

const STATUS_STYLE: Record<string, string> = {
  "awaiting payment": "bg-amber-900/60 text-amber-200",
  paid: "bg-sky-900/60 text-sky-200",
  confirmed: "bg-emerald-900/60 text-emerald-200",
  refunded: "bg-zinc-800 text-zinc-200",
  "partially refunded": "bg-zinc-800 text-zinc-200",
  cancelled: "bg-red-950 text-red-200",
};

const KIND_TEXT = { slot_booking: "Session", vip_queue: "VIP queue place", wallet_topup: "Wallet top-up" };

/** An order's own actions ("Details", "Change time") drawn as buttons, a thumb's size, so they read as things to tap. */
const action = "inline-flex min-h-11 items-center rounded-lg border border-ink-700 px-3 text-zinc-200 hover:bg-ink-800";

/** Where a refund went, as the card says it: " to your card", " to your wallet", " to your card and wallet". */
function refundedTo(methods: OrderDetails["refundedTo"]): string {
  if (methods.length === 0) return "";
  return ` to your ${methods.map((method) => (method === "card" ? "card" : "wallet")).join(" and ")}`;
}

/** What the order is, for its page's heading: "Ranked duos with DemoStar", "Wallet top-up". */
export function orderTitle(order: Pick<OrderDetails, "gigTitle" | "kind" | "streamerName">): string {
  const what = order.gigTitle ?? KIND_TEXT[order.kind];
  return order.streamerName ? `${what} with ${order.streamerName}` : what;
}

/** One order of the fan: what, when (in their zone), status in words, gamer tags, lobby code, invoice, cancel. */
export function OrderCard({
  order,
  gamerTagsError,
  sentGamerTags,
}: {
  order: OrderDetails;
  gamerTagsError?: string;
  /** The tags as the fan sent them in a refused save (by tag id): the form shows them again as typed. */
  sentGamerTags?: Record<string, string>;
}) {
  // The invoice (a download, docs/decisions/019-viewer-time-zone.md) resolves the same viewer zone on the server.
  const invoiceHref = order.invoiceUrl;
  const upcoming = order.bookingStatus === "confirmed" && !!order.endsAt && new Date(order.endsAt) > new Date();
  return (
    <li className="rounded-xl border border-ink-700 bg-ink-950 p-4" data-testid="order" data-order-id={order.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold">
            {order.gigHref ? (
              <Link to={order.gigHref} className="hover:text-brand-400">
                {order.gigTitle}
              </Link>
            ) : (
              KIND_TEXT[order.kind]
            )}
            {order.streamerName ? <span className="text-zinc-400"> with {order.streamerName}</span> : null}
          </p>
          {order.startsAt ? (
            <p className="text-sm text-zinc-300">
              <SlotTime startsAt={order.startsAt} endsAt={order.endsAt} />
            </p>
          ) : null}
          <p className="text-xs text-zinc-400">
            Order {order.id} · {order.seats ? `${order.seats} seat${order.seats > 1 ? "s" : ""} · ` : ""}
            {formatMoney(order.amount)}
            {order.discount.amountMinor > 0 ? ` (${formatMoney(order.discount)} off with ${order.promoCode})` : ""}
            {order.refunded.amountMinor > 0
              ? ` · ${formatMoney(order.refunded)} refunded${refundedTo(order.refundedTo)} · ${formatMoney(order.net)} paid after refunds`
              : ""}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[order.statusText] ?? ""}`}
          data-testid="order-status"
        >
          {order.statusText}
        </span>
      </div>

      {order.gamerTags.length > 0 ? (
        <div className="mt-3">
          {order.canEditGamerTags ? (
            <GamerTagsForm
              orderId={order.id}
              slotId={order.slotId}
              tags={order.gamerTags.map((tag) => ({ ...tag, gamertag: sentGamerTags?.[tag.id] ?? tag.gamertag }))}
              serverError={gamerTagsError}
            />
          ) : (
            <p className="text-sm text-zinc-300">Gamer tags: {order.gamerTags.map((t) => t.gamertag).join(", ")}</p>
          )}
        </div>
      ) : null}

      {order.lobbyCode ? (
        <p className="mt-3 rounded-lg bg-brand-950 px-3 py-2 text-sm" data-testid="lobby-code">
          Lobby code: <strong className="font-mono text-base">{order.lobbyCode}</strong>
        </p>
      ) : upcoming && order.isBuyer ? (
        <p className="mt-3 text-xs text-zinc-400">
          The lobby code shows here from {LOBBY_CODE_VISIBLE_BEFORE_MS / 60_000} minutes before the start, once the
          creator sets it.
        </p>
      ) : null}

      {order.moveOffer ? (
        <p className="mt-3 rounded-lg bg-amber-950 px-3 py-2 text-sm text-amber-100" data-testid="move-offer">
          {order.streamerName || order.streamerUsername || "The streamer"} can't make this time and offers{" "}
          <SlotTime startsAt={order.moveOffer.startsAt} endsAt={null} />.{" "}
          <Link to={orderPath(order.id, "new-time")} className="font-semibold underline">
            Move or get a full refund
          </Link>
        </p>
      ) : null}

      {order.noShowRefund ? (
        <NoShowRefund orderId={order.id} left={order.noShowRefund} paymentMethod={order.paymentMethod} />
      ) : null}

      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        {invoiceHref ? (
          <a href={invoiceHref} className="font-semibold text-brand-400 hover:underline" download>
            Download invoice (PDF)
          </a>
        ) : null}
        <Link to={orderPath(order.id)} className={action}>
          Details
        </Link>
        {order.reviewed ? (
          <Link to={orderPath(order.id, "review")} className="text-emerald-300 hover:underline">
            Reviewed
          </Link>
        ) : order.canReview ? (
          <Link to={orderPath(order.id, "review")} className="font-semibold text-amber-300 hover:underline">
            Review this session
          </Link>
        ) : null}
        {order.canReschedule ? (
          <Link to={orderPath(order.id, "reschedule")} className={action}>
            Change time
          </Link>
        ) : null}
        {order.canCancel && order.startsAt ? (
          <CancelBooking
            orderId={order.id}
            startsAt={order.startsAt}
            paidMinor={order.amountMinor}
            refundedMinor={order.refundedMinor}
            currency={order.currency}
            paymentMethod={order.paymentMethod}
          />
        ) : null}
      </div>
    </li>
  );
}
