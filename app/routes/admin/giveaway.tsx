import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { AdminPage, buttonClass, FormAlert, Section, secondaryButtonClass } from "~/components/admin/ui";
import { giveawayNotifySchema, giveawayPeriodSchema } from "~/features/giveaway";
import { GIVEAWAY_COPY, sendGiveawayLobbyCode, signedUpUsers, slotBookedUsers } from "~/features/giveaway/index.server";
import { When } from "~/features/time";
import { inputClass } from "~/lib/ui/field";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/giveaway";

export const meta = () => [{ title: "Giveaway | Noobrd staff" }];

const day = (d: Date) => d.toISOString().slice(0, 10);

/** /admin/noobrd-giveaway: sign-ups and slot bookings of a period; send a lobby code to a slot's fans. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "giveaway");
  const asked = giveawayPeriodSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const period = asked.success ? asked.data : giveawayPeriodSchema.parse({});
  const [signedUp, booked] = await Promise.all([
    signedUpUsers(env, viewer, period),
    slotBookedUsers(env, viewer, period),
  ]);
  return {
    period: { startTime: day(period.startTime), endTime: day(period.endTime) },
    periodError: asked.success ? null : "The period must start before it ends",
    signedUp,
    booked: booked.bookings,
  };
}

export const action = pageAction({
  guard: staffWith("giveaway"),
  intents: {
    send: {
      schema: giveawayNotifySchema,
      run: (v, { env, viewer }) => sendGiveawayLobbyCode(env, viewer, v),
      success: (r, { request }) => ({
        to: new URL(request.url).pathname + new URL(request.url).search,
        message: GIVEAWAY_COPY.sent(r.notified),
      }),
    },
  },
});

export default function Giveaway({ loaderData, actionData }: Route.ComponentProps) {
  const [form] = useForm({
    id: "giveaway",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: giveawayNotifySchema }),
  });
  const slotsInPeriod = [...new Map(loaderData.booked.map((b) => [b.slotId, b])).values()];
  return (
    <AdminPage
      title="Noobrd giveaway"
      lead="Who joined and who booked in a period; send a lobby code to a slot's fans."
    >
      <Section title="Period">
        <Form method="get" className="flex flex-wrap items-end gap-3 text-sm">
          <label className="flex flex-col gap-1">
            From
            <input type="date" name="startTime" defaultValue={loaderData.period.startTime} className={inputClass} />
          </label>
          <label className="flex flex-col gap-1">
            To (inclusive)
            <input type="date" name="endTime" defaultValue={loaderData.period.endTime} className={inputClass} />
          </label>
          <button type="submit" className={secondaryButtonClass}>
            Show
          </button>
        </Form>
        <FormAlert errors={loaderData.periodError ? [loaderData.periodError] : null} />
      </Section>
      <Section title="Send a lobby code">
        <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3 text-sm">
          <FormAlert id={form.errorId} errors={Object.values(form.allErrors).flat()} />
          <label className="flex flex-col gap-1">
            Slot
            <select name="slotId" className={inputClass} defaultValue="">
              <option value="">Choose a slot…</option>
              {slotsInPeriod.map((b) => (
                <option key={b.slotId} value={b.slotId}>
                  <When at={b.startsAt} /> · {b.gigTitle ?? "Session"}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            Lobby code
            <input name="lobbyCode" maxLength={64} className={inputClass} />
          </label>
          <button type="submit" className={buttonClass}>
            Send to the slot's fans
          </button>
        </Form>
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={`Signed up (${loaderData.signedUp.total})`}>
          <ul className="flex flex-col gap-1 text-sm">
            {loaderData.signedUp.users.map((u) => (
              <li key={u.id}>
                @{u.username} · {u.email} · <When at={u.createdAt} />
              </li>
            ))}
          </ul>
        </Section>
        <Section title={`Booked a slot (${loaderData.booked.length})`}>
          <ul className="flex flex-col gap-1 text-sm">
            {loaderData.booked.map((b) => (
              <li key={b.bookingId}>
                @{b.username} · {b.gigTitle ?? "Session"} · <When at={b.startsAt} />
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </AdminPage>
  );
}
