import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass, dangerButtonClass, FormAlert, Section, secondaryButtonClass } from "~/components/admin/ui";
import { ConfirmButton } from "~/components/confirm";
import { bpsToPercent, createPayoutSchema, editPayoutSchema } from "~/features/payouts";
import type { PayoutOrderRow } from "~/features/payouts/index.server";
import { When } from "~/features/time";
import { formatMoney, money } from "~/lib/money";
import type { Route } from "./+types/payouts";

/** The payout screen's parts (app/routes/admin/payouts.tsx): the orders table, the create and edit forms, totals and state buttons. */
export type LoaderData = Route.ComponentProps["loaderData"];
type OrderRow = Pick<PayoutOrderRow, "id" | "title" | "buyer" | "sessionAt" | "paidAt" | "netMinor" | "currency">;

export function OrdersTable({
  orders,
  name,
  checked,
}: {
  orders: OrderRow[];
  name: string;
  checked: (id: string) => boolean;
}) {
  if (orders.length === 0) return <p className="text-sm text-zinc-400">No orders.</p>;
  return (
    <table className="stack-table w-full text-sm">
      <thead>
        <tr className="text-left text-zinc-400">
          <th scope="col">Merge</th>
          <th scope="col">Session</th>
          <th scope="col">Buyer</th>
          <th scope="col">Played</th>
          <th scope="col">Paid</th>
          <th scope="col" className="text-right">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} className="border-t border-ink-800">
            <td data-label="Merge" className="py-1">
              <input
                type="checkbox"
                name={name}
                value={order.id}
                defaultChecked={checked(order.id)}
                aria-label={`Merge order ${order.id}`}
              />
            </td>
            <td data-label="Session">{order.title}</td>
            <td data-label="Buyer">{order.buyer}</td>
            <td data-label="Played">
              <When at={order.sessionAt} />
            </td>
            <td data-label="Paid">
              <When at={order.paidAt} />
            </td>
            <td data-label="Amount" className="text-right">
              {formatMoney(money(order.netMinor, order.currency))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const RATE_FIELDS = [
  ["platformFeesPercentage", "Platform fee %", "platformFeeBps"],
  ["platformFeesIndirectTaxPercentage", "Indirect tax on platform fee %", "platformFeeIndirectTaxBps"],
  ["indirectTaxPercentage", "Indirect tax %", "indirectTaxBps"],
  ["tdsPercentage", "TDS %", "tdsBps"],
] as const;

export function RateInputs({ rates }: { rates: Record<(typeof RATE_FIELDS)[number][2], number> }) {
  return (
    <div className="grid gap-3 sm:grid-cols-4">
      {RATE_FIELDS.map(([name, label, key]) => (
        <label key={name} className="flex flex-col gap-1 text-sm">
          {label}
          <input
            name={name}
            type="number"
            step="0.01"
            min="0"
            max="100"
            defaultValue={bpsToPercent(rates[key])}
            className="rounded-lg border border-ink-700 bg-ink-800 px-2 py-1"
          />
        </label>
      ))}
    </div>
  );
}

/**
 * The remaining orders, one group per currency, each with the totals of the payout it proposes; every order is
 * checked, and the one submit creates one draft payout per currency among the checked orders (createPayout), with
 * JavaScript or without.
 */
export function CreateForm({ data, lastResult }: { data: LoaderData; lastResult: unknown }) {
  const navigation = useNavigation();
  const groups = data.remaining.byCurrency;
  const [form] = useForm({
    id: "create-payout",
    lastResult: lastResult as never,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createPayoutSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <FormAlert id={form.errorId} errors={form.errors ?? Object.values(form.allErrors).flat()} />
      <input type="hidden" name="influencerId" value={data.streamer.id} />
      <input type="hidden" name="startTime" value={data.period.startTime} />
      <input type="hidden" name="endTime" value={data.period.endTime} />
      {groups.length === 0 ? <OrdersTable orders={[]} name="mergedOrders" checked={() => true} /> : null}
      {groups.map((group) => (
        <section
          key={group.currency}
          className="flex flex-col gap-2"
          aria-label={`Orders in ${group.currency}`}
          data-testid={`remaining-${group.currency}`}
        >
          {groups.length > 1 ? <h3 className="text-sm font-semibold">Orders in {group.currency}</h3> : null}
          <OrdersTable orders={group.orders} name="mergedOrders" checked={() => true} />
          <p className="text-sm text-zinc-300" data-testid={`proposed-${group.currency}`}>
            {groups.length > 1 ? `The ${group.currency} payout, all of them` : "All of them"}: gross{" "}
            {formatMoney(money(group.totals.grossMinor, group.currency))}, net{" "}
            {formatMoney(money(group.totals.netMinor, group.currency))}
          </p>
        </section>
      ))}
      {groups.length > 0 ? (
        <>
          <RateInputs rates={data.remaining.rates} />
          <button
            type="submit"
            name="intent"
            value="create"
            className={`${buttonClass} self-start`}
            disabled={navigation.state === "submitting"}
          >
            {groups.length > 1 ? `Create ${groups.length} draft payouts, one per currency` : "Create draft payout"}
          </button>
        </>
      ) : null}
    </Form>
  );
}

export function EditForm({
  editing,
  lastResult,
}: {
  editing: NonNullable<LoaderData["editing"]>;
  lastResult: unknown;
}) {
  const [form] = useForm({
    id: "edit-payout",
    lastResult: lastResult as never,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editPayoutSchema }),
  });
  const merged = new Set(editing.merged.map((o) => o.id));
  return (
    <Section title="Edit draft payout" id="edit-payout-title">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormAlert id={form.errorId} errors={form.errors ?? Object.values(form.allErrors).flat()} />
        <input type="hidden" name="editingPayoutId" value={editing.payout.id} />
        <OrdersTable
          orders={[...editing.merged, ...editing.more]}
          name="newMergedOrders"
          checked={(id) => merged.has(id)}
        />
        <RateInputs rates={editing.payout} />
        <div className="flex gap-2">
          <button type="submit" name="intent" value="edit" className={buttonClass}>
            Save payout
          </button>
          <Link to="?" className={secondaryButtonClass}>
            Cancel
          </Link>
        </div>
      </Form>
    </Section>
  );
}

type PayoutRow = LoaderData["active"][number];

export function Totals({ p }: { p: PayoutRow }) {
  const m = (minor: number) => formatMoney(money(minor, p.currency));
  return (
    <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-4 text-sm" data-testid={`totals-${p.id}`}>
      <dt className="text-zinc-400">Gross ({p.orders} orders)</dt>
      <dd className="text-right tabular-nums">{m(p.grossMinor)}</dd>
      <dt className="text-zinc-400">Platform fee {bpsToPercent(p.platformFeeBps)}%</dt>
      <dd className="text-right tabular-nums">{m(p.platformFeeMinor)}</dd>
      <dt className="text-zinc-400">Its indirect tax {bpsToPercent(p.platformFeeIndirectTaxBps)}%</dt>
      <dd className="text-right tabular-nums">{m(p.platformFeeIndirectTaxMinor)}</dd>
      <dt className="text-zinc-400">Indirect tax {bpsToPercent(p.indirectTaxBps)}%</dt>
      <dd className="text-right tabular-nums">{m(p.indirectTaxMinor)}</dd>
      <dt className="text-zinc-400">TDS {bpsToPercent(p.tdsBps)}%</dt>
      <dd className="text-right tabular-nums">{m(p.tdsMinor)}</dd>
      <dt className="font-semibold">Net payable</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid={`net-${p.id}`}>
        {m(p.netMinor)}
      </dd>
    </dl>
  );
}

export function StateButton({
  payoutId,
  intent,
  label,
  danger,
}: {
  payoutId: string;
  intent: string;
  label: string;
  danger?: { question: string; yes: string };
}) {
  return (
    <Form method="post">
      <input type="hidden" name="payoutId" value={payoutId} />
      {danger ? (
        <ConfirmButton value={intent} question={danger.question} yes={danger.yes} className={dangerButtonClass}>
          {label}
        </ConfirmButton>
      ) : (
        <button type="submit" name="intent" value={intent} className={secondaryButtonClass}>
          {label}
        </button>
      )}
    </Form>
  );
}
