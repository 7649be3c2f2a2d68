import { Link } from "react-router";
import { When } from "~/features/time";
import { type CurrencyCode, type DisplayCurrency, formatMoney, money } from "~/lib/money";
import type { WalletOverview } from "../history.server";

/**
 * A ledger amount in its own currency: the wallet holds the fan's currency (docs/decisions/020), so this is the
 * fan's currency but for entries made before a change of country (converted by a pair of adjustments since).
 */
function Amount({ minor, currency }: { minor: number; currency: CurrencyCode }) {
  return <>{formatMoney(money(minor, currency))}</>;
}

/** The wallet on /profile: balance and history from the append-only ledger, in the user's currency. */
export function WalletSection({ wallet, display }: { wallet: WalletOverview; display: DisplayCurrency }) {
  const balances = wallet.balances.length > 0 ? wallet.balances : [{ currency: display.code, balanceMinor: 0 }];
  return (
    <section id="wallet" aria-label="Wallet" className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
      <h2 className="text-lg font-semibold">Wallet</h2>
      <p className="mt-2 text-2xl font-bold" data-testid="wallet-balance">
        {balances.map((b, i) => (
          <span key={b.currency}>
            {i > 0 ? " · " : ""}
            <Amount minor={b.balanceMinor} currency={b.currency} />
          </span>
        ))}
      </p>
      <p className="text-xs text-zinc-400">Refunds go here and can pay your next booking.</p>
      <Link
        to="/wallet/top-up"
        className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-500"
      >
        Top up your wallet
      </Link>
      {wallet.entries.length > 0 ? (
        <table className="mt-4 w-full text-left text-sm">
          <thead className="text-xs text-zinc-400">
            <tr>
              <th className="py-1 font-medium">Date</th>
              <th className="py-1 font-medium">What</th>
              <th className="py-1 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody>
            {wallet.entries.map((entry) => (
              <tr key={entry.id} className="border-t border-ink-700" data-testid="wallet-entry">
                <td className="py-2 text-zinc-400">
                  <When at={entry.createdAt} />
                </td>
                <td className="py-2">
                  {entry.kindText}
                  {entry.orderId ? <span className="text-zinc-400"> · order {entry.orderId}</span> : null}
                </td>
                <td className={`py-2 text-right ${entry.amountMinor > 0 ? "text-emerald-300" : "text-zinc-200"}`}>
                  {entry.amountMinor > 0 ? "+" : ""}
                  <Amount minor={entry.amountMinor} currency={entry.currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-4 text-sm text-zinc-400">No wallet activity yet.</p>
      )}
    </section>
  );
}
