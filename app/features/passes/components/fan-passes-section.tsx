import { Link } from "react-router";
import { PrepaidHistory, prepaidInvoicePath } from "~/features/packs";
import { formatMoney, type Money } from "~/lib/money";
import type { PassEntryKind } from "~db/schema/passes";

/** One of the fan's VIP passes as the profile shows it: dates already in words in the fan's zone. */
export type FanPassView = {
  passId: string;
  /** The streamer's page, from the server. */
  streamerHref: string;
  streamerName: string;
  places: number;
  paid: Money;
  usesLeft: number;
  valueLeft: Money;
  expiresOn: string;
  expired: boolean;
  entries: { id: string; kind: PassEntryKind; uses: number; value: Money; on: string }[];
};

const ENTRY_TEXT: Record<PassEntryKind, string> = {
  purchase: "Bought",
  use: "Joined a VIP queue",
  return: "Place not served: use back",
  expiry: "Ran out: refunded to your wallet",
};

/** The fan's VIP passes: places left of each (the sum of its ledger's entries), when it runs out, its invoice, and the ledger. */
export function FanPassesSection({ passes }: { passes: FanPassView[] }) {
  if (passes.length === 0) return null;
  return (
    <section aria-labelledby="passes-title" className="rounded-2xl border border-ink-700 bg-ink-900 p-6" id="passes">
      <h2 id="passes-title" className="text-lg font-semibold">
        VIP passes
      </h2>
      <ul className="mt-4 flex flex-col gap-4" data-testid="fan-passes">
        {passes.map((pass) => (
          <li key={pass.passId} className="flex flex-col gap-2">
            <p>
              <strong>VIP pass</strong> with @{pass.streamerName}
            </p>
            <p className="text-sm text-zinc-300" data-testid="pass-balance">
              {pass.expired
                ? `Ran out on ${pass.expiresOn}`
                : `${pass.usesLeft} of ${pass.places} VIP places left (${formatMoney(pass.valueLeft)}), until ${pass.expiresOn}`}
            </p>
            <div className="flex flex-wrap gap-x-4">
              {!pass.expired && pass.usesLeft > 0 ? (
                <Link to={pass.streamerHref} className="inline-flex min-h-11 items-center text-brand-300 underline">
                  See their live sessions
                </Link>
              ) : null}
              {/* The pass's own invoice (docs/decisions/040). */}
              <a
                href={prepaidInvoicePath("pass", pass.passId)}
                className="inline-flex min-h-11 items-center text-brand-300 underline"
                download
              >
                Download invoice (PDF)
              </a>
            </div>
            <PrepaidHistory
              title="History of this pass"
              unit="place"
              entries={pass.entries.map((entry) => ({ ...entry, text: ENTRY_TEXT[entry.kind], count: entry.uses }))}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
