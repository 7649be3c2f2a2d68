import { PayWithForm } from "~/features/packs";

/**
 * A streamer's VIP pass as their page shows it, its words made on the server (`starPassView`, so the page's own
 * JavaScript stays within its budget): the price and terms in the viewer's currency, what the fan holds, and how to buy.
 */
export type StreamerPassView = {
  price: string;
  terms: string;
  note: string;
  held: string | null;
  /**
   * The buy form's words (a plain form, no JavaScript needed: card or wallet, docs/decisions/040), or null when the
   * viewer may not buy.
   */
  buy: { wallet: string; walletFirst: boolean } | null;
  /** Where a guest logs in first, or null. */
  login: string | null;
};

export function StreamerPassCard({ pass }: { pass: StreamerPassView }) {
  return (
    <section aria-labelledby="pass-title" className="gig-panel" data-testid="star-pass">
      <h2 id="pass-title" className="mb-1 text-lg font-semibold">
        VIP pass
      </h2>
      <p>
        <span className="text-xl font-bold">{pass.price}</span>{" "}
        <span className="text-sm text-zinc-400">{pass.terms}</span>
      </p>
      <p className="text-sm text-zinc-400">{pass.note}</p>
      {pass.held ? (
        <p className="text-sm" data-testid="pass-uses">
          {pass.held}
        </p>
      ) : null}
      {pass.buy ? (
        <PayWithForm
          intent="buy-pass"
          button="Buy VIP pass"
          wallet={pass.buy.wallet}
          walletFirst={pass.buy.walletFirst}
        />
      ) : null}
      {pass.login ? (
        <p className="mt-2 text-sm">
          <a href={pass.login} className="underline">
            Log in
          </a>{" "}
          to buy this pass.
        </p>
      ) : null}
    </section>
  );
}
