import { Form, Link, useNavigation } from "react-router";
import { AdminPage, buttonClass, FormAlert, Section, secondaryButtonClass } from "~/components/admin/ui";
import {
  bpsToPercent,
  createPayoutSchema,
  editPayoutSchema,
  PAYOUT_COPY,
  payoutIdSchema,
  payoutIdsSchema,
  periodSchema,
} from "~/features/payouts";
import {
  activatePayout,
  completePayouts,
  createPayout,
  editPayout,
  generatePayoutStatement,
  getPayout,
  listPayouts,
  remainingOrders,
  removePayout,
  streamerForStaff,
} from "~/features/payouts/index.server";
import { When } from "~/features/time";
import { formatMoney, money } from "~/lib/money";
import { envOf } from "~/platform/http.server";
import { orErrorPage } from "~/routes/_lib/form.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/payouts";
import { CreateForm, EditForm, StateButton, Totals } from "./payouts-parts";
export const meta = () => [{ title: "Payouts | Noobrd staff" }];

const DAY = 86_400_000;
const day = (date: Date) => date.toISOString().slice(0, 10);

/** /admin/payout/influencer/:id: remaining orders of a period, drafts and active payouts, history. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "payouts");
  const url = new URL(request.url);
  const now = new Date();
  const asked = periodSchema.safeParse({
    startTime: url.searchParams.get("startTime") ?? day(new Date(now.getTime() - 30 * DAY)),
    endTime: url.searchParams.get("endTime") ?? day(now),
  });
  const period = asked.success ? asked.data : { startTime: new Date(now.getTime() - 30 * DAY), endTime: now };
  const streamer = await orErrorPage(streamerForStaff(env, viewer, params.id, "payouts"));
  const [remaining, active, history] = await Promise.all([
    remainingOrders(env, viewer, params.id, period),
    listPayouts(env, viewer, params.id, "active"),
    listPayouts(env, viewer, params.id, "history"),
  ]);
  const editId = url.searchParams.get("edit");
  let editing = null;
  if (editId) {
    const { payout, orders } = await getPayout(env, viewer, editId);
    if (payout.status === "draft" && payout.streamerId === params.id) {
      const more = await remainingOrders(env, viewer, params.id, {
        startTime: payout.periodStart,
        endTime: payout.periodEnd,
      });
      editing = { payout, merged: orders, more: more.orders };
    }
  }
  return {
    streamer,
    period: { startTime: day(period.startTime), endTime: day(period.endTime) },
    periodError: asked.success ? null : (asked.error.issues[0]?.message ?? null),
    remaining,
    active,
    history,
    editing,
  };
}

const backTo = (params: Record<string, string | undefined>) => `/admin/payout/influencer/${params.id}`;

export const action = pageAction({
  guard: staffWith("payouts"),
  intents: {
    create: {
      schema: createPayoutSchema,
      run: (v, { env, viewer }) => createPayout(env, viewer, v),
      success: (result, { params }) => ({
        to: backTo(params),
        message:
          result.payouts.length > 1 ? PAYOUT_COPY.createdPerCurrency(result.payouts.length) : PAYOUT_COPY.created,
      }),
      fallback: PAYOUT_COPY.createError,
    },
    edit: {
      schema: editPayoutSchema,
      run: (v, { env, viewer }) => editPayout(env, viewer, v),
      success: (_, { params }) => ({ to: backTo(params), message: PAYOUT_COPY.updated }),
      fallback: PAYOUT_COPY.createError,
    },
    remove: {
      schema: payoutIdSchema,
      run: (v, { env, viewer }) => removePayout(env, viewer, v.payoutId),
      success: (_, { params }) => ({ to: backTo(params), message: PAYOUT_COPY.removed }),
      confirm: { question: PAYOUT_COPY.removeConfirm, yes: "Yes, remove" },
    },
    activate: {
      schema: payoutIdSchema,
      run: (v, { env, viewer }) => activatePayout(env, viewer, v.payoutId),
      success: (_, { params }) => ({ to: backTo(params), message: PAYOUT_COPY.activated }),
    },
    complete: {
      schema: payoutIdsSchema,
      run: (v, { env, viewer }) => completePayouts(env, viewer, v.payoutIds),
      success: (result: Awaited<ReturnType<typeof completePayouts>>, { params }) => ({
        to: backTo(params),
        message: result.spreadsheets.some((sheet) => sheet.error)
          ? PAYOUT_COPY.completedWithoutStatement
          : PAYOUT_COPY.completed,
      }),
      fallback: PAYOUT_COPY.completeError,
    },
    generate: {
      schema: payoutIdSchema,
      run: (v, { env, viewer }) => generatePayoutStatement(env, viewer, v.payoutId),
      success: (_, { params }) => ({ to: backTo(params), message: PAYOUT_COPY.spreadsheetReady }),
    },
  },
});

export default function Payouts({ loaderData, actionData }: Route.ComponentProps) {
  const data = loaderData;
  const reply = (intent: string) => (actionData?.intent === intent ? (actionData.result ?? undefined) : undefined);
  const otherError =
    actionData && !["create", "edit"].includes(actionData.intent)
      ? Object.values(actionData.result?.error ?? {})
          .flat()
          .filter((e): e is string => typeof e === "string")
      : null;
  const actives = data.active.filter((p) => p.status === "active");
  const navigation = useNavigation();
  return (
    <AdminPage
      title={`Payouts: ${data.streamer.fullName || data.streamer.username}`}
      lead={
        <>
          Platform fee {bpsToPercent(data.streamer.platformFeeBps)}% ·{" "}
          {data.streamer.isVerified ? "onboarding verified" : "onboarding NOT verified (payouts refused)"} ·{" "}
          <Link to={`/admin/validations/influencer-game-playing-validations/${data.streamer.id}`} className="underline">
            Validate played sessions
          </Link>
        </>
      }
    >
      <FormAlert errors={otherError} />
      {data.editing ? <EditForm editing={data.editing} lastResult={reply("edit")} /> : null}
      <Section title="Remaining orders">
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 text-sm">
          <label className="flex flex-col gap-1">
            From
            <input
              type="date"
              name="startTime"
              defaultValue={data.period.startTime}
              className="rounded-lg border border-ink-700 bg-ink-800 px-2 py-1"
            />
          </label>
          <label className="flex flex-col gap-1">
            To (inclusive)
            <input
              type="date"
              name="endTime"
              defaultValue={data.period.endTime}
              className="rounded-lg border border-ink-700 bg-ink-800 px-2 py-1"
            />
          </label>
          <button type="submit" className={secondaryButtonClass}>
            Generate remaining orders
          </button>
        </Form>
        <FormAlert errors={data.periodError ? [data.periodError] : null} />
        <CreateForm data={data} lastResult={reply("create")} />
      </Section>
      <Section title="Active payouts">
        {data.active.length === 0 ? <p className="text-sm text-zinc-400">No draft or active payouts.</p> : null}
        <ul className="flex flex-col gap-4">
          {data.active.map((p) => (
            <li key={p.id} className="rounded-xl border border-ink-700 p-4" aria-label={`Payout ${p.id}`}>
              <p className="mb-2 text-sm">
                <span className="rounded-full bg-ink-700 px-2 py-0.5 text-xs uppercase">{p.status}</span>{" "}
                <When at={p.periodStart} /> – <When at={p.periodEnd} />
              </p>
              <Totals p={p} />
              {p.status === "draft" ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link to={`?edit=${p.id}`} className={secondaryButtonClass}>
                    Edit
                  </Link>
                  <StateButton payoutId={p.id} intent="activate" label="Make active" />
                  <StateButton
                    payoutId={p.id}
                    intent="remove"
                    label="Remove"
                    danger={{ question: PAYOUT_COPY.removeConfirm, yes: "Yes, remove" }}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        {actives.length > 0 ? (
          <Form method="post" className="mt-4 flex flex-col gap-2">
            <fieldset className="flex flex-col gap-1 text-sm">
              <legend className="font-semibold">Mark paid</legend>
              {actives.map((p) => (
                <label key={p.id} className="flex items-center gap-2">
                  <input type="checkbox" name="payoutIds" value={p.id} defaultChecked />
                  <When at={p.periodStart} /> – <When at={p.periodEnd} /> · {formatMoney(money(p.netMinor, p.currency))}
                </label>
              ))}
            </fieldset>
            <button
              type="submit"
              name="intent"
              value="complete"
              className={`${buttonClass} self-start`}
              disabled={navigation.state === "submitting"}
            >
              {navigation.state === "submitting" && navigation.formData?.get("intent") === "complete"
                ? "Completing and generating spreadsheets…"
                : "Mark selected complete"}
            </button>
          </Form>
        ) : null}
      </Section>
      <Section title="Payout history">
        {data.history.length === 0 ? <p className="text-sm text-zinc-400">No completed or removed payouts.</p> : null}
        <ul className="flex flex-col gap-4">
          {data.history.map((p) => (
            <li key={p.id} className="rounded-xl border border-ink-700 p-4">
              <p className="mb-2 text-sm">
                <span className="rounded-full bg-ink-700 px-2 py-0.5 text-xs uppercase">{p.status}</span>{" "}
                <When at={p.periodStart} /> – <When at={p.periodEnd} />
                {p.completedAt ? (
                  <>
                    {" "}
                    · completed <When at={p.completedAt} />
                  </>
                ) : null}
              </p>
              {p.status === "removed" ? (
                <p className="text-sm text-zinc-400" data-testid={`removed-${p.id}`}>
                  {p.removedAt ? (
                    <>
                      Removed <When at={p.removedAt} />.{" "}
                    </>
                  ) : null}
                  {`Nothing was paid: its ${p.orders} ${p.orders === 1 ? "order" : "orders"} went back to the payable list.`}
                </p>
              ) : (
                <Totals p={p} />
              )}
              {p.status === "completed" ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  <a href={`/admin/payout/statement/${p.id}`} className={secondaryButtonClass} download>
                    Download spreadsheet
                  </a>
                  <StateButton payoutId={p.id} intent="generate" label="Regenerate spreadsheet" />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
    </AdminPage>
  );
}
