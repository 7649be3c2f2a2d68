import { PayWithForm } from "./pay-with-form";

/**
 * A gig's pack as the gig page shows it, its words made on the server (`gigPackView`, so the page's own JavaScript
 * stays within its budget): the price and terms in the viewer's currency, the saving, how long it lasts, the credits
 * the fan holds on this gig, and how to buy it.
 */
export type GigPackView = {
  price: string;
  terms: string;
  saving: string | null;
  note: string;
  held: string | null;
  /** The buy form's words (card or wallet, docs/decisions/040), or null when the viewer may not buy. */
  buy: { wallet: string; walletFirst: boolean } | null;
  /** A guest: log in to buy. */
  login: boolean;
};

/**
 * The gig's session pack beside the single price, and a plain form to buy it (no JavaScript needed), paid by card
 * (Stripe's checkout page) or from the wallet.
 */
export function GigPack({ pack }: { pack: GigPackView }) {
  return (
    <section aria-labelledby="pack-title" className="gig-panel" data-testid="gig-pack">
      <h2 id="pack-title" className="mb-1 text-lg font-semibold">
        Session pack
      </h2>
      <p>
        <span className="text-xl font-bold">{pack.price}</span>{" "}
        <span className="text-sm text-zinc-400">{pack.terms}</span>
      </p>
      {pack.saving ? (
        <p className="text-sm text-emerald-300" data-testid="pack-saving">
          {pack.saving}
        </p>
      ) : null}
      <p className="text-sm text-zinc-400">{pack.note}</p>
      {pack.held ? (
        <p className="text-sm" data-testid="pack-credits">
          {pack.held}
        </p>
      ) : null}
      {pack.buy ? <PayWithForm intent="buy-pack" button="Buy pack" {...pack.buy} /> : null}
      {pack.login ? (
        <p className="mt-2 text-sm">
          <a href="/login" className="underline">
            Log in
          </a>{" "}
          to buy this pack.
        </p>
      ) : null}
    </section>
  );
}
