import { envOf } from "~/platform/http.server";
import { requireUser } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/data";

export const meta = () => [{ title: "Your data and your account | Noobrd" }];

/** /profile/data: "Download my data" (and closing the account). Signed-in only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, envOf(context));
  return null;
}

const linkClass =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500";
const secondaryLinkClass =
  "inline-flex min-h-11 items-center rounded-lg border border-ink-700 px-4 py-2 text-sm font-semibold hover:bg-ink-800";

export default function YourData() {
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Your data and your account</h1>
      <section aria-labelledby="download-title" className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
        <h2 id="download-title" className="text-lg font-semibold">
          Download my data
        </h2>
        <p className="mt-2 text-sm text-zinc-400">
          Everything we hold about you: your profile and linked sign-ins, orders and refunds, bookings, wallet and
          credit entries, reviews, queue history, waitlists, notifications and what you agreed to (alerts, Discord,
          emails). The whole export is one JSON file; your orders and your wallet also come as spreadsheets (CSV), with
          times in your time zone.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href="/profile/data/export.json" className={linkClass} download>
            Download everything (JSON)
          </a>
          <a href="/profile/data/orders.csv" className={secondaryLinkClass} download>
            Orders (CSV)
          </a>
          <a href="/profile/data/wallet.csv" className={secondaryLinkClass} download>
            Wallet (CSV)
          </a>
        </div>
      </section>
    </main>
  );
}
