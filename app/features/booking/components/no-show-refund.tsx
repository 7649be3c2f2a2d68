import { Form } from "react-router";
import { formatMoney, type Money } from "~/lib/money";
import { orderPath } from "~/lib/paths";
import { NO_SHOW_OFFER_BUTTON, NO_SHOW_OFFER_TEXT } from "../no-show-policy";
import { RefundChoice } from "./cancel-booking";

/**
 * The streamer no-show offer on a fan's order: one tap refunds the order in full (a plain form, with or without
 * JavaScript); a card payment also offers the card as the refund's destination.
 */
export function NoShowRefund({
  orderId,
  left,
  paymentMethod,
}: {
  orderId: string;
  /** What is left to refund of the order. */
  left: Money;
  paymentMethod: "card" | "wallet";
}) {
  return (
    <Form
      method="post"
      action={orderPath(orderId, "no-show-refund")}
      className="mt-3 flex flex-col gap-2 rounded-lg border border-amber-700 bg-amber-950/40 p-3 text-sm"
      data-testid="no-show-refund"
    >
      <p className="font-semibold text-amber-200">
        {NO_SHOW_OFFER_TEXT} {NO_SHOW_OFFER_BUTTON} of {formatMoney(left)}.
      </p>
      {paymentMethod === "card" ? <RefundChoice idPrefix={`no-show-${orderId}`} /> : null}
      <button
        type="submit"
        className="self-start rounded-lg bg-amber-600 px-4 py-2 font-semibold text-ink-950 hover:bg-amber-500"
      >
        {NO_SHOW_OFFER_BUTTON}
      </button>
    </Form>
  );
}
