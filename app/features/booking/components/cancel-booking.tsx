import { useRef } from "react";
import { Form, Link } from "react-router";
import { type CurrencyCode, formatMoney, money } from "~/lib/money";
import { refundFor, refundTier } from "../cancellation-policy";

/** What cancelling now would refund, in words, by the Cancellation Policy. */
export function refundPreview(
  startsAt: Date,
  paidMinor: number,
  refundedMinor: number,
  currency: CurrencyCode,
  now = new Date(),
) {
  const tier = refundTier(new Date(startsAt), now);
  const amount = refundFor(tier, paidMinor, refundedMinor);
  if (tier === "full") return `You get a full refund of ${formatMoney(money(amount, currency))} to your wallet.`;
  if (tier === "partial") {
    return `The session starts within 24 hours: you get a 50% refund of ${formatMoney(money(amount, currency))} to your wallet.`;
  }
  return "The session starts in less than 2 hours: there is no refund.";
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
}: {
  orderId: string;
  startsAt: Date;
  paidMinor: number;
  refundedMinor: number;
  currency: CurrencyCode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const href = `/profile/orders/${orderId}/cancel`;
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
        <p className="mt-2 text-sm text-zinc-300">{refundPreview(startsAt, paidMinor, refundedMinor, currency)}</p>
        <Form method="post" action={href} className="mt-4 flex gap-3">
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
