import { formatMoney, type Money } from "~/lib/money";

/** A streamer's VIP pass as their page shows it (what `starPassOf` returns, in the viewer's currency). */
export type StarPassView = { places: number; validDays: number; price: Money; perPlace: Money };

/**
 * The streamer's VIP pass on their page (and so at /@handle when they are not live): N VIP places, the price, per
 * place, how long it lasts, the fan's places left, and a plain form to buy it from the wallet (no JavaScript needed).
 */
export function StarPassCard(props: {
  pass: StarPassView;
  canBuy: boolean;
  loggedIn: boolean;
  usesLeft: number;
  walletBalance: Money | null;
  /** Where a guest logs in and comes back to. */
  loginTo: string;
}) {
  const { pass } = props;
  return (
    <section aria-labelledby="pass-title" className="gig-panel" data-testid="star-pass">
      <h2 id="pass-title" className="mb-1 text-lg font-semibold">
        VIP pass
      </h2>
      <p>
        <span className="text-xl font-bold">{formatMoney(pass.price)}</span>{" "}
        <span className="text-sm text-zinc-400">
          {`for ${pass.places} VIP ${pass.places === 1 ? "place" : "places"} (${formatMoney(pass.perPlace)} each)`}
        </span>
      </p>
      <p className="text-sm text-zinc-400">
        {`Join the VIP queue of any of this streamer's live sessions within ${pass.validDays} days of buying, without paying again.`}{" "}
        A place not served gives its use back; places you don't use are refunded to your wallet when the pass runs out.
      </p>
      {props.usesLeft > 0 ? (
        <p className="text-sm" data-testid="pass-uses">
          {`You hold ${props.usesLeft} VIP pass ${props.usesLeft === 1 ? "place" : "places"}: choose "VIP pass" when you join a VIP queue.`}
        </p>
      ) : null}
      {props.canBuy ? (
        props.loggedIn ? (
          <form method="post" className="mt-2 flex flex-col gap-2">
            <input type="hidden" name="intent" value="buy-pass" />
            <button type="submit" className="primary-button">
              Buy VIP pass from wallet
              {props.walletBalance ? ` (${formatMoney(props.walletBalance)} available)` : ""}
            </button>
          </form>
        ) : (
          <p className="mt-2 text-sm">
            <a href={`/login?redirectTo=${encodeURIComponent(props.loginTo)}`} className="underline">
              Log in
            </a>{" "}
            to buy this pass.
          </p>
        )
      ) : null}
    </section>
  );
}
