import { Form } from "react-router";
import { AdminPage, FormAlert, replyErrors, Section, secondaryButtonClass } from "~/components/admin/ui";
import { When } from "~/features/time";
import { refundIdSchema } from "~/features/wallet";
import { listOwedRefunds, retryOwedRefund } from "~/features/wallet/index.server";
import { formatMoney } from "~/lib/money";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/refunds";

export const meta = () => [{ title: "Refunds owed | Noobrd staff" }];

/**
 * /admin/refunds: every refund owed and not yet carried out (a slot cancelled by its creator, a session ended with
 * VIP places unserved, a removed streamer), failed ones first, with a button to try again now.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "payouts");
  return { refunds: await listOwedRefunds(env, viewer) };
}

export const action = pageAction({
  guard: staffWith("payouts"),
  intents: {
    retry: {
      schema: refundIdSchema,
      run: (v, { env, viewer }) => retryOwedRefund(env, viewer, v.id),
      success: (result) => ({
        to: "/admin/refunds",
        message: result.settled ? "Refund carried out" : "The refund failed again; it stays owed",
      }),
    },
  },
});

export default function Refunds({ loaderData, actionData }: Route.ComponentProps) {
  const errors = replyErrors(actionData);
  const { refunds } = loaderData;
  return (
    <AdminPage
      title="Refunds owed"
      lead="Refunds are carried out at once and retried automatically; the ones listed here are not done yet."
    >
      <FormAlert errors={errors} />
      <Section title={`${refunds.length} owed`}>
        {refunds.length === 0 ? (
          <p className="text-sm text-zinc-400">Nothing owed: every refund was carried out.</p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {refunds.map((r) => (
            <li key={r.refundId} className="rounded-xl border border-ink-700 p-3 text-sm" data-refund={r.refundId}>
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold">
                  {formatMoney(r)} to {r.buyer}
                  {r.method === "card" ? "'s card" : "'s wallet"}
                </span>
                <span className={r.status === "failed" ? "text-red-300" : "text-amber-200"}>
                  {r.status === "failed" ? "Failed: retries ran out" : "Pending: retrying"}
                </span>
              </p>
              <p className="text-zinc-400">
                Order {r.orderId} · owed since <When at={r.createdAt} /> · {r.attempts} failed attempt
                {r.attempts === 1 ? "" : "s"}
                {r.nextAttemptAt && r.status === "pending" ? (
                  <>
                    {" "}
                    · next try <When at={r.nextAttemptAt} />
                  </>
                ) : null}
              </p>
              {r.reason ? <p className="mt-1">{r.reason}</p> : null}
              {r.lastError ? <p className="mt-1 break-words text-red-300">Last error: {r.lastError}</p> : null}
              <Form method="post" className="mt-2">
                <input type="hidden" name="id" value={r.refundId} />
                <button type="submit" className={secondaryButtonClass}>
                  Retry now
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </Section>
    </AdminPage>
  );
}
