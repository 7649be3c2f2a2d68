import { formatMoney, type Money } from "~/lib/money";

/** A gig's pack as the gig page shows it (what `gigPack` returns, in the viewer's currency). */
export type GigPackView = {
  sessions: number;
  validDays: number;
  price: Money;
  perSession: Money;
  saving: Money | null;
  savingPercent: number;
};

/**
 * The gig's session pack beside the single price: N sessions, the price, per session, the saving, how long it lasts,
 * and a plain form to buy it from the wallet (no JavaScript needed). The fan's credits left on this gig show when any.
 */
export function GigPack(props: {
  pack: GigPackView;
  canBuy: boolean;
  loggedIn: boolean;
  creditsLeft: number;
  walletBalance: Money | null;
}) {
  const { pack } = props;
  return (
    <section aria-labelledby="pack-title" className="gig-panel" data-testid="gig-pack">
      <h2 id="pack-title" className="mb-1 text-lg font-semibold">
        Session pack
      </h2>
      <p>
        <span className="text-xl font-bold">{formatMoney(pack.price)}</span>{" "}
        <span className="text-sm text-zinc-400">
          {`for ${pack.sessions} sessions (${formatMoney(pack.perSession)} each)`}
        </span>
      </p>
      {pack.saving ? (
        <p className="text-sm text-emerald-300" data-testid="pack-saving">
          {`Save ${formatMoney(pack.saving)}${pack.savingPercent > 0 ? ` (${pack.savingPercent}%)` : ""} against single sessions`}
        </p>
      ) : null}
      <p className="text-sm text-zinc-400">
        {`Book any time of this gig within ${pack.validDays} days of buying.`} Credits you don't use are refunded to
        your wallet when the pack runs out.
      </p>
      {props.creditsLeft > 0 ? (
        <p className="text-sm" data-testid="pack-credits">
          {`You hold ${props.creditsLeft} pack credit${props.creditsLeft === 1 ? "" : "s"} for this gig: choose "Pack credit" when you book.`}
        </p>
      ) : null}
      {props.canBuy ? (
        props.loggedIn ? (
          <form method="post" className="mt-2 flex flex-col gap-2">
            <input type="hidden" name="intent" value="buy-pack" />
            <input type="hidden" name="paymentMethod" value="wallet" />
            <button type="submit" className="primary-button">
              Buy pack from wallet
              {props.walletBalance ? ` (${formatMoney(props.walletBalance)} available)` : ""}
            </button>
          </form>
        ) : (
          <p className="mt-2 text-sm">
            <a href="/login" className="underline">
              Log in
            </a>{" "}
            to buy this pack.
          </p>
        )
      ) : null}
    </section>
  );
}
