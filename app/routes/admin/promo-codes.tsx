import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useSearchParams } from "react-router";
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
import { PROMO_ADMIN_COPY, promoActiveSchema, promoCodeSchema, promoOffText } from "~/features/promo";
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodesForStaff,
  setPromoCodeActive,
  updatePromoCode,
} from "~/features/promo/index.server";
import { When } from "~/features/time";
import { inputClass } from "~/lib/ui/field";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/promo-codes";

export const meta = () => [{ title: "Promo codes | Noobrd staff" }];

/** /admin/manage-promo-codes: every code with its uses; create, edit (?edit=id), switch on or off, delete. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "promoCodes");
  return { codes: await listPromoCodesForStaff(env, viewer) };
}

const back = (message: string) => () => ({ to: "/admin/manage-promo-codes", message });

export const action = pageAction({
  guard: staffWith("promoCodes"),
  intents: {
    create: {
      schema: promoCodeSchema,
      run: (v, { env, viewer }) => createPromoCode(env, viewer, v),
      success: back(PROMO_ADMIN_COPY.created),
      fallback: PROMO_ADMIN_COPY.createError,
    },
    update: {
      schema: promoCodeSchema,
      run: (v, { env, viewer, formData }) => updatePromoCode(env, viewer, String(formData.get("id") ?? ""), v),
      success: back(PROMO_ADMIN_COPY.updated),
      fallback: PROMO_ADMIN_COPY.updateError,
    },
    toggle: {
      schema: promoActiveSchema,
      run: (v, { env, viewer }) => setPromoCodeActive(env, viewer, v.id, v.isActive),
      success: (r) => ({
        to: "/admin/manage-promo-codes",
        message: r.isActive ? PROMO_ADMIN_COPY.activated : PROMO_ADMIN_COPY.deactivated,
      }),
      fallback: PROMO_ADMIN_COPY.updateError,
    },
    delete: {
      schema: promoActiveSchema.pick({ id: true }),
      run: (v, { env, viewer }) => deletePromoCode(env, viewer, v.id),
      success: back(PROMO_ADMIN_COPY.deleted),
      fallback: PROMO_ADMIN_COPY.deleteError,
      confirm: { question: PROMO_ADMIN_COPY.deleteConfirm, yes: "Yes, delete" },
    },
  },
});

type Code = Route.ComponentProps["loaderData"]["codes"][number];

const discountText = promoOffText;

function CodeForm({ editing, lastResult }: { editing: Code | null; lastResult: unknown }) {
  const [form] = useForm({
    id: editing ? `promo-${editing.id}` : "promo-new",
    lastResult: lastResult as never,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promoCodeSchema }),
  });
  const sent = (form.initialValue ?? {}) as Record<string, string | undefined>;
  const value = (key: string, fallback: string) => sent[key] ?? fallback;
  return (
    <Section title={editing ? `Edit ${editing.code}` : "New promo code"}>
      <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-3">
        <FormAlert id={form.errorId} errors={Object.values(form.allErrors).flat()} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <label className="flex flex-col gap-1 text-sm">
          Code
          <input name="code" required defaultValue={value("code", editing?.code ?? "")} className={inputClass} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Kind
          <select name="kind" defaultValue={value("kind", editing?.kind ?? "percent")} className={inputClass}>
            <option value="percent">Percent off</option>
            <option value="fixed">Fixed amount off</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Discount (percent, or amount like 5.50)
          <input
            name="value"
            required
            inputMode="decimal"
            defaultValue={value(
              "value",
              editing
                ? String(editing.kind === "percent" ? editing.value / 100 : (editing.value / 100).toFixed(2))
                : "",
            )}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Currency (fixed amounts)
          <select name="currency" defaultValue={value("currency", editing?.currency ?? "")} className={inputClass}>
            <option value="">—</option>
            <option value="USD">USD</option>
            <option value="INR">INR</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Expires (UTC, end of day; empty = never)
          <input
            type="date"
            name="expiresAt"
            defaultValue={value(
              "expiresAt",
              editing?.expiresAt ? new Date(editing.expiresAt).toISOString().slice(0, 10) : "",
            )}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Streamer username (empty = whole site)
          <input
            name="streamerUsername"
            defaultValue={value("streamerUsername", editing?.streamerUsername ?? "")}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Total uses (empty = no limit)
          <input
            type="number"
            min={1}
            name="maxUses"
            defaultValue={value("maxUses", editing?.maxUses ? String(editing.maxUses) : "")}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Uses per fan (empty = no limit)
          <input
            type="number"
            min={1}
            name="maxUsesPerUser"
            defaultValue={value("maxUsesPerUser", editing?.maxUsesPerUser ? String(editing.maxUsesPerUser) : "")}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Description
          <input
            name="description"
            defaultValue={value("description", editing?.description ?? "")}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          State
          <select
            name="isActive"
            defaultValue={value("isActive", editing && !editing.isActive ? "false" : "true")}
            className={inputClass}
          >
            <option value="true">Active</option>
            <option value="false">Off</option>
          </select>
        </label>
        <div className="flex gap-2 sm:col-span-3">
          <button type="submit" name="intent" value={editing ? "update" : "create"} className={buttonClass}>
            {editing ? "Save promo code" : "Create promo code"}
          </button>
          {editing ? (
            <Link to="?" className={secondaryButtonClass}>
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </Section>
  );
}

export default function PromoCodes({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const editing = loaderData.codes.find((c) => c.id === params.get("edit")) ?? null;
  const formIntent = editing ? "update" : "create";
  const otherErrors = replyErrors(actionData, ["create", "update"]);
  return (
    <AdminPage
      title="Promo codes"
      lead="Discounts fans enter at checkout. A used code can be switched off, not deleted."
    >
      <CodeForm
        key={editing?.id ?? "new"}
        editing={editing}
        lastResult={actionData?.intent === formIntent ? actionData.result : undefined}
      />
      <FormAlert errors={otherErrors} />
      <Section title="All promo codes">
        {loaderData.codes.length === 0 ? <p className="text-sm text-zinc-400">No promo codes yet.</p> : null}
        <div className="relative overflow-x-auto">
          <table className="stack-table w-full text-sm">
            <thead>
              <tr className="text-left text-zinc-400">
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Scope</th>
                <th scope="col">Uses</th>
                <th scope="col">Expires</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.codes.map((c) => (
                <tr key={c.id} className="border-t border-ink-800">
                  <td data-label="Code" className="py-2 font-mono">
                    {c.code}
                  </td>
                  <td data-label="Discount">{discountText(c)}</td>
                  <td data-label="Scope">{c.streamerUsername ? `@${c.streamerUsername}` : "Whole site"}</td>
                  <td data-label="Uses">
                    {c.uses}
                    {c.maxUses ? ` / ${c.maxUses}` : ""}
                    {c.maxUsesPerUser ? ` (${c.maxUsesPerUser} per fan)` : ""}
                  </td>
                  <td data-label="Expires">{c.expiresAt ? <When at={c.expiresAt} /> : "Never"}</td>
                  <td data-label="State">{c.isActive ? "Active" : "Off"}</td>
                  <td className="flex flex-wrap justify-end gap-2 py-2">
                    <Link to={`?edit=${c.id}`} className="underline" aria-label={`Edit ${c.code}`}>
                      Edit
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="id" value={c.id} />
                      <input type="hidden" name="isActive" value={c.isActive ? "false" : "true"} />
                      <button
                        type="submit"
                        name="intent"
                        value="toggle"
                        className={secondaryButtonClass}
                        aria-label={`${c.isActive ? "Switch off" : "Switch on"} ${c.code}`}
                      >
                        {c.isActive ? "Switch off" : "Switch on"}
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="id" value={c.id} />
                      <ConfirmButton
                        value="delete"
                        question={`${PROMO_ADMIN_COPY.deleteConfirm} (${c.code})`}
                        yes="Yes, delete"
                        className={dangerButtonClass}
                        aria-label={`Delete ${c.code}`}
                      >
                        Delete
                      </ConfirmButton>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </AdminPage>
  );
}
