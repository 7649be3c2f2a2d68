import { Link } from "react-router";
import { AdminPage, Section } from "~/components/admin/ui";
import { listAccountClosures } from "~/features/account-closure/index.server";
import { When } from "~/features/time";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/account-closures";

export const meta = () => [{ title: "Account closures | Noobrd staff" }];

/** /admin/account-closures: every request to close an account and its state (moderation), newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "moderation");
  return { closures: await listAccountClosures(env, viewer) };
}

const STATE_LABELS = {
  pending: "Closing: erased after",
  cancelled: "Kept: signed in again",
  erased: "Erased",
} as const;

export default function AccountClosures({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Account closures"
      lead={
        <>
          Accounts their owners asked to close. A pending one is erased by the scheduled job after its 14 days (a day
          later at a time while money is still owed); signing in cancels it. An erased account's orders, ledger,
          invoices and payouts stay under its id and pseudonym.{" "}
          <Link to="/admin/banned-users" className="underline">
            Banned users
          </Link>
        </>
      }
    >
      <Section title="Requests">
        {loaderData.closures.length === 0 ? (
          <p className="text-sm text-zinc-400">No account closures.</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="stack-table w-full text-sm" data-testid="account-closures">
              <thead>
                <tr className="text-left text-zinc-400">
                  <th scope="col">Account</th>
                  <th scope="col">Asked</th>
                  <th scope="col">Confirmed by</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {loaderData.closures.map((c) => (
                  <tr key={c.id} className="border-t border-ink-800" data-testid={`closure-${c.userId}`}>
                    <td data-label="Account">
                      @{c.username} <span className="text-zinc-400">{c.userId}</span>
                    </td>
                    <td data-label="Asked">
                      <When at={c.requestedAt} />
                    </td>
                    <td data-label="Confirmed by">{c.confirmedBy === "password" ? "Password" : "Emailed code"}</td>
                    <td data-label="State">
                      {STATE_LABELS[c.status]} {c.status === "pending" ? <When at={c.eraseAfter} /> : null}
                      {c.status === "cancelled" && c.cancelledAt ? <When at={c.cancelledAt} /> : null}
                      {c.status === "erased" && c.erasedAt ? <When at={c.erasedAt} /> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </AdminPage>
  );
}
