/**
 * The buy form of something bought in advance (a session pack on the gig page, a VIP pass on the streamer's page): a
 * plain POST (no JavaScript needed) with the intent, "Pay with" Card or Wallet, and one button. The wallet is checked
 * first when its balance covers the price, else the card (docs/decisions/040). By card the page goes on to Stripe's
 * checkout; what was bought is said on the way back. Its words come made (`wallet`: "Wallet (₹500.00 available)"),
 * so a page that draws it formats no money in the browser.
 */
export function PayWithForm(props: { intent: string; button: string; wallet: string; walletFirst: boolean }) {
  return (
    <form method="post" className="mt-2 flex flex-col gap-2">
      <input type="hidden" name="intent" value={props.intent} />
      <fieldset className="flex flex-col text-sm">
        <legend className="mb-1 font-medium text-zinc-200">Pay with</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name="paymentMethod" value="card" defaultChecked={!props.walletFirst} /> Card
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name="paymentMethod" value="wallet" defaultChecked={props.walletFirst} /> {props.wallet}
        </label>
      </fieldset>
      <button type="submit" className="primary-button">
        {props.button}
      </button>
    </form>
  );
}
