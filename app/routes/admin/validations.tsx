import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { AdminPage, buttonClass, FormAlert, Section } from "~/components/admin/ui";
import { PAYOUT_COPY, validationOrdersSchema } from "~/features/payouts";
import { markOrdersPlayed, ordersForValidation, streamerForStaff } from "~/features/payouts/index.server";
import { When } from "~/features/time";
import { formatMoney } from "~/lib/money";
import { pageAction, pageLoader, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/validations";

export const meta = () => [{ title: "Validations | Noobrd staff" }];

/** /admin/validations/influencer-game-playing-validations/:influencerId */
export const loader = pageLoader(staffWith("validations"), async ({ env, viewer, params }) => {
  const streamerId = params.influencerId ?? "";
  const [streamer, orders] = await Promise.all([
    streamerForStaff(env, viewer, streamerId, "validations"),
    ordersForValidation(env, viewer, streamerId),
  ]);
  return { streamerId, streamer, orders };
});

export const action = pageAction({
  guard: staffWith("validations"),
  intents: {
    validate: {
      schema: validationOrdersSchema,
      run: (v, { env, viewer, params }) => markOrdersPlayed(env, viewer, params.influencerId ?? "", v.orderIdArray),
      success: (_, { params }) => ({
        to: `/admin/validations/influencer-game-playing-validations/${params.influencerId}`,
        message: PAYOUT_COPY.validated,
      }),
      fallback: PAYOUT_COPY.validationsError,
    },
  },
});

export default function Validations({ loaderData, actionData }: Route.ComponentProps) {
  const [form] = useForm({
    id: "validations",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: validationOrdersSchema }),
  });
  const open = loaderData.orders.filter((o) => !o.validatedAt);
  return (
    <AdminPage
      title={`Played sessions: ${loaderData.streamer.fullName || loaderData.streamer.username}`}
      lead={
        <>
          Paid orders whose session started in the last 25 days, oldest first. Marking them played makes them payable.{" "}
          <Link to={`/admin/payout/influencer/${loaderData.streamerId}`} className="underline">
            Payouts
          </Link>
        </>
      }
    >
      <Section title="Orders to validate">
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
          <FormAlert id={form.errorId} errors={form.errors ?? Object.values(form.allErrors).flat()} />
          {loaderData.orders.length === 0 ? (
            <p className="text-sm text-zinc-400">No paid sessions in the window.</p>
          ) : null}
          <div className="relative overflow-x-auto">
            <table className="stack-table w-full text-sm">
              <thead>
                <tr className="text-left text-zinc-400">
                  <th scope="col">Played</th>
                  <th scope="col">Session</th>
                  <th scope="col">Buyer</th>
                  <th scope="col">Started</th>
                  <th scope="col" className="text-right">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.orders.map((order) => (
                  <tr key={order.id} className="border-t border-ink-800">
                    <td data-label="Played" className="py-1">
                      {order.validatedAt ? (
                        <span className="text-green-400">Validated</span>
                      ) : (
                        <input
                          type="checkbox"
                          name="orderIdArray"
                          value={order.id}
                          aria-label={`Played: order ${order.id}`}
                        />
                      )}
                    </td>
                    <td data-label="Session">{order.title}</td>
                    <td data-label="Buyer">{order.buyer}</td>
                    <td data-label="Started">
                      <When at={order.sessionAt} />
                    </td>
                    <td data-label="Amount" className="text-right">
                      {formatMoney(order)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {open.length > 0 ? (
            <button type="submit" name="intent" value="validate" className={`${buttonClass} self-start`}>
              Mark selected as played
            </button>
          ) : null}
        </Form>
      </Section>
    </AdminPage>
  );
}
