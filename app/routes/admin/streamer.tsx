import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import {
  AdminPage,
  buttonClass,
  dangerButtonClass,
  FormAlert,
  replyErrors,
  Section,
  secondaryButtonClass,
} from "~/components/admin/ui";
import { ConfirmButton } from "~/components/confirm";
import { canStaff } from "~/features/access";
import {
  platformFeeSchema,
  removeStreamerSchema,
  STAFF_STREAMER_COPY,
  showAtLandingSchema,
} from "~/features/staff-streamers";
import {
  getStreamerForStaff,
  removeStreamer,
  setPlatformFee,
  setShowAtLanding,
} from "~/features/staff-streamers/index.server";
import { When } from "~/features/time";
import { formatMoney } from "~/lib/money";
import { gigPath } from "~/lib/paths.server";
import { inputClass } from "~/lib/ui/field";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, pageLoader, postedIntent, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/streamer";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.profile.fullName ?? "Influencer"} | Noobrd staff` },
];

/** /admin/influencer/:id: profile, gigs, orders, platform fee, show at landing, remove; links to payouts. */
export const loader = pageLoader(staffWith("influencers"), async ({ env, viewer, params }) => {
  const streamer = await getStreamerForStaff(env, viewer, params.id ?? "");
  return {
    ...streamer,
    gigs: streamer.gigs.map((gig) => ({ ...gig, href: gigPath(gig.id) })),
    can: {
      fees: canStaff(viewer.role, "platformFees"),
      payouts: canStaff(viewer.role, "payouts"),
      validations: canStaff(viewer.role, "validations"),
    },
  };
});

export const action = pageAction({
  // Setting the fee is its own capability; the rest of the page is the streamers' one.
  guard: ({ request, env, formData }) =>
    requireStaff(request, env, postedIntent(formData) === "fee" ? "platformFees" : "influencers"),
  intents: {
    fee: {
      schema: platformFeeSchema,
      run: (v, { env, viewer, params }) => setPlatformFee(env, viewer, params.id ?? "", v.fees_percentage),
      success: (_, { params }) => ({ to: `/admin/influencer/${params.id}`, message: STAFF_STREAMER_COPY.feeSaved }),
    },
    landing: {
      schema: showAtLandingSchema,
      run: (v, { env, viewer, params }) => setShowAtLanding(env, viewer, params.id ?? "", v.showAtLanding),
      success: (r, { params }) => ({
        to: `/admin/influencer/${params.id}`,
        message: r.showAtLanding ? STAFF_STREAMER_COPY.landingShown : STAFF_STREAMER_COPY.landingHidden,
      }),
    },
    remove: {
      schema: removeStreamerSchema,
      run: (v, { env, viewer, params }) => removeStreamer(env, viewer, params.id ?? "", v),
      success: () => ({ to: "/admin/influencer", message: STAFF_STREAMER_COPY.removed }),
      fallback: STAFF_STREAMER_COPY.removeError,
      confirm: { question: STAFF_STREAMER_COPY.removeConfirm, yes: "Yes, remove" },
    },
  },
});

export default function Streamer({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, can } = loaderData;
  const [feeForm] = useForm({
    id: "fee",
    lastResult: actionData?.intent === "fee" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: platformFeeSchema }),
  });
  const otherErrors = replyErrors(actionData, ["fee"]);
  return (
    <AdminPage
      title={profile.fullName || profile.username}
      lead={
        <>
          @{profile.username} · {profile.email} · {profile.country} · joined <When at={profile.createdAt} /> ·{" "}
          {profile.isVerified ? "onboarding verified" : "onboarding not verified"}
          {can.payouts ? (
            <>
              {" · "}
              <Link to={`/admin/payout/influencer/${profile.id}`} className="underline">
                Payouts
              </Link>
            </>
          ) : null}
          {can.validations ? (
            <>
              {" · "}
              <Link to={`/admin/validations/influencer-game-playing-validations/${profile.id}`} className="underline">
                Validations
              </Link>
            </>
          ) : null}
        </>
      }
    >
      <FormAlert errors={otherErrors} />
      <div className="grid gap-6 lg:grid-cols-2">
        {can.fees ? (
          <Section title="Platform fee">
            <Form method="post" {...getFormProps(feeForm)} className="flex flex-wrap items-end gap-3">
              <FormAlert id={feeForm.errorId} errors={Object.values(feeForm.allErrors).flat()} />
              <label className="flex flex-col gap-1 text-sm">
                Percent of each order
                <input
                  name="fees_percentage"
                  inputMode="decimal"
                  defaultValue={String(profile.platformFeeBps / 100)}
                  className={inputClass}
                />
              </label>
              <button type="submit" name="intent" value="fee" className={buttonClass}>
                Save fee
              </button>
            </Form>
            <p className="mt-2 text-xs text-zinc-400">Payouts keep the fee they were created with.</p>
          </Section>
        ) : null}
        <Section title="Landing page">
          <Form method="post" className="flex items-center gap-3 text-sm">
            <input type="hidden" name="showAtLanding" value={profile.showAtLanding ? "false" : "true"} />
            <span>{profile.showAtLanding ? "Shown on the landing page." : "Not on the landing page."}</span>
            <button type="submit" name="intent" value="landing" className={secondaryButtonClass}>
              {profile.showAtLanding ? "Hide from landing" : "Show at landing"}
            </button>
          </Form>
        </Section>
      </div>
      <Section title="Gigs">
        {loaderData.gigs.length === 0 ? <p className="text-sm text-zinc-400">No gigs.</p> : null}
        <ul className="flex flex-col gap-1 text-sm">
          {loaderData.gigs.map((g) => (
            <li key={g.id}>
              {g.archivedAt ? (
                <span className="text-zinc-400">{g.title} (archived)</span>
              ) : (
                <Link to={g.href} className="underline">
                  {g.title}
                </Link>
              )}{" "}
              · {formatMoney(g.price)}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Latest orders">
        {loaderData.orders.length === 0 ? <p className="text-sm text-zinc-400">No orders.</p> : null}
        <div className="relative overflow-x-auto">
          <table className="stack-table w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">When</th>
                <th scope="col">Buyer</th>
                <th scope="col">Kind</th>
                <th scope="col">Status</th>
                <th scope="col">Net</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.orders.map((o) => (
                <tr key={o.id} className="border-t border-ink-800">
                  <td data-label="When" className="py-1">
                    <When at={o.createdAt} />
                  </td>
                  <td data-label="Buyer">@{o.buyer}</td>
                  <td data-label="Kind">{o.kind.replace("_", " ")}</td>
                  <td data-label="Status">{o.status.replace("_", " ")}</td>
                  <td data-label="Net" className="text-right">
                    {formatMoney(o.net)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <Section title="Remove from Noobrd">
        <Form method="post" className="flex flex-col gap-3 text-sm">
          <p>
            Archives their gigs, closes their future slots and signs them out; orders and payouts stay.{" "}
            {loaderData.futurePaidBookings > 0
              ? `They have ${loaderData.futurePaidBookings} paid future bookings: only a clean removal, which refunds those fans in full, can go ahead.`
              : "They have no paid future bookings."}
            {loaderData.liveSessionId ? " They are live now: their session must end first." : ""}
          </p>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="removeClean" />
            Remove cleanly: cancel and refund every paid future booking
          </label>
          <ConfirmButton
            value="remove"
            question={STAFF_STREAMER_COPY.removeConfirm}
            yes="Yes, remove"
            className={`${dangerButtonClass} self-start`}
          >
            Remove influencer
          </ConfirmButton>
        </Form>
      </Section>
    </AdminPage>
  );
}
