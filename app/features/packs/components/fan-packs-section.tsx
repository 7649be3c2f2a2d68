import { Link } from "react-router";
import { formatMoney, type Money } from "~/lib/money";
import type { PackEntryKind } from "~db/schema/packs";
import { prepaidInvoicePath } from "../invoice-path";
import { PrepaidHistory } from "./prepaid-history";

/** One of the fan's packs as the profile shows it: dates already in words in the fan's zone. */
export type FanPackView = {
  packId: string;
  /** The gig's page, from the server. */
  gigHref: string;
  gigTitle: string;
  streamerName: string;
  sessions: number;
  paid: Money;
  creditsLeft: number;
  valueLeft: Money;
  expiresOn: string;
  expired: boolean;
  entries: { id: string; kind: PackEntryKind; credits: number; value: Money; orderId: string | null; on: string }[];
};

const ENTRY_TEXT: Record<PackEntryKind, string> = {
  purchase: "Bought",
  use: "Booked a session",
  return: "Credit back",
  expiry: "Ran out: refunded to your wallet",
};

/**
 * The fan's session packs: credits left of each (the sum of its ledger's entries), when it runs out, a link to book,
 * its invoice, and the ledger itself (bought, used, given back, expired).
 */
export function FanPacksSection({ packs }: { packs: FanPackView[] }) {
  if (packs.length === 0) return null;
  return (
    <section aria-labelledby="packs-title" className="rounded-2xl border border-ink-700 bg-ink-900 p-6" id="packs">
      <h2 id="packs-title" className="text-lg font-semibold">
        Session packs
      </h2>
      <ul className="mt-4 flex flex-col gap-4" data-testid="fan-packs">
        {packs.map((pack) => (
          <li key={pack.packId} className="flex flex-col gap-2">
            <p>
              <strong>{pack.gigTitle}</strong> with @{pack.streamerName}
            </p>
            <p className="text-sm text-zinc-300" data-testid="pack-balance">
              {pack.expired
                ? `Ran out on ${pack.expiresOn}`
                : `${pack.creditsLeft} of ${pack.sessions} credits left (${formatMoney(pack.valueLeft)}), until ${pack.expiresOn}`}
            </p>
            <div className="flex flex-wrap gap-x-4">
              {!pack.expired && pack.creditsLeft > 0 ? (
                <Link to={pack.gigHref} className="inline-flex min-h-11 items-center text-brand-300 underline">
                  Book with a credit
                </Link>
              ) : null}
              {/* The pack's own invoice (docs/decisions/040): a download, the reader's zone resolved on the server. */}
              <a
                href={prepaidInvoicePath("pack", pack.packId)}
                className="inline-flex min-h-11 items-center text-brand-300 underline"
                download
              >
                Download invoice (PDF)
              </a>
            </div>
            <PrepaidHistory
              title="History of this pack"
              unit="credit"
              entries={pack.entries.map((entry) => ({ ...entry, text: ENTRY_TEXT[entry.kind], count: entry.credits }))}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
