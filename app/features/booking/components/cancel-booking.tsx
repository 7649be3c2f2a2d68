import { useRef } from "react";
import { Form, Link } from "react-router";
import { type CurrencyCode, formatMoney, money } from "~/lib/money";
import { orderPath } from "~/lib/paths";
import {
  DEFAULT_REFUND_DESTINATION,
  REFUND_CHOICE_TEXT,
  REFUND_DESTINATION_LABELS,
  refundDestinations,
  refundFor,
  refundTier,
  refundTierText,
} from "../cancellation-policy";

/**
 * What cancelling now would refund, in words, by the Cancellation Policy; `paymentMethod` says where it may go (a
 * card payment: the fan's choice, a wallet payment: the wallet).
 */
export function refundPreview(
  startsAt: Date,
  paidMinor: number,
  refundedMinor: number,
  currency: CurrencyCode,
  paymentMethod: "card" | "wallet" = "wallet",
  now = new Date(),
) {
  const tier = refundTier(new Date(startsAt), now);
  const amount = formatMoney(money(refundFor(tier, paidMinor, refundedMinor), currency));
  const where = paymentMethod === "card" ? `, ${REFUND_CHOICE_TEXT}` : " to your wallet";
  return refundTierText(tier, amount, where);
}

/** True when cancelling now refunds something that the fan may send to their card. */
export function offersRefundChoice(
  startsAt: Date,
  paidMinor: number,
  refundedMinor: number,
  paymentMethod: "card" | "wallet",
  now = new Date(),
) {
  return (
    refundDestinations(paymentMethod).length > 1 &&
    refundFor(refundTier(new Date(startsAt), now), paidMinor, refundedMinor) > 0
  );
}

/** The refund's destination: one radio group in the cancel form (the wallet checked), posted as `refundTo`. */
export function RefundChoice({ idPrefix }: { idPrefix: string }) {
  return (
    <fieldset className="flex flex-col gap-2 text-sm">
      <legend className="mb-1 font-semibold">Where should the refund go?</legend>
      {refundDestinations("card").map((destination) => (
        <label key={destination} htmlFor={`${idPrefix}-${destination}`} className="flex items-center gap-2">
          <input
            type="radio"
            id={`${idPrefix}-${destination}`}
            name="refundTo"
            value={destination}
            defaultChecked={destination === DEFAULT_REFUND_DESTINATION}
          />
          {REFUND_DESTINATION_LABELS[destination]}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The Cancel button of an order. Without JavaScript it is a link to the confirmation page
 * (/profile/orders/:id/cancel); with JavaScript it opens a dialog with the same confirmation form.
 */
export function CancelBooking({
  orderId,
  startsAt,
  paidMinor,
  refundedMinor,
  currency,
  paymentMethod,
}: {
  orderId: string;
  startsAt: Date;
  paidMinor: number;
  refundedMinor: number;
  currency: CurrencyCode;
  paymentMethod: "card" | "wallet";
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const href = orderPath(orderId, "cancel");
  return (
    <>
      <Link
        to={href}
        className="rounded-lg border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-300 hover:bg-red-950"
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        Cancel booking
      </Link>
      <dialog
        ref={dialog}
        aria-label="Cancel this booking?"
        className="m-auto max-w-md rounded-2xl border border-ink-700 bg-ink-900 p-6 text-zinc-100 backdrop:bg-black/70"
      >
        <h3 className="text-lg font-semibold">Cancel this booking?</h3>
        <p className="mt-2 text-sm text-zinc-300">
          {refundPreview(startsAt, paidMinor, refundedMinor, currency, paymentMethod)}
        </p>
        <Form method="post" action={href} className="mt-4 flex flex-wrap gap-3">
          {offersRefundChoice(startsAt, paidMinor, refundedMinor, paymentMethod) ? (
            <div className="w-full">
              <RefundChoice idPrefix={`refund-to-${orderId}`} />
            </div>
          ) : null}
          <button type="submit" className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold hover:bg-red-600">
            Yes, cancel my booking
          </button>
          <button
            type="button"
            className="rounded-lg border border-ink-600 px-4 py-2 text-sm"
            onClick={() => dialog.current?.close()}
          >
            Keep it
          </button>
        </Form>
      </dialog>
    </>
  );
}
