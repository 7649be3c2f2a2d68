import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
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
import { addConfigSchema, CONFIG_COPY, keySchema, siteGateSchema, updateConfigSchema } from "~/features/configurations";
import {
  addConfiguration,
  deleteConfiguration,
  listConfigurations,
  saveSiteGate,
  siteGateState,
  updateConfiguration,
} from "~/features/configurations/index.server";
import { When } from "~/features/time";
import { inputClass } from "~/lib/ui/field";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/configurations";

export const meta = () => [{ title: "Configurations | Noobrd staff" }];

/** /admin/configurations: the site password gate, and every configuration (JSON values) to add, edit or delete. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "configurations");
  const [configs, gate] = await Promise.all([listConfigurations(env, viewer), siteGateState(env, viewer)]);
  return { configs, gate };
}

const keyOf = (formData: FormData) => String(formData.get("key") ?? "");
const back = (message: string) => () => ({ to: "/admin/configurations", message });

export const action = pageAction({
  guard: staffWith("configurations"),
  intents: {
    gate: {
      schema: siteGateSchema,
      run: (v, { env, viewer }) => saveSiteGate(env, viewer, v),
      success: back(CONFIG_COPY.gateSaved),
    },
    add: {
      schema: addConfigSchema,
      run: (v, { env, viewer }) => addConfiguration(env, viewer, v),
      success: back(CONFIG_COPY.added),
    },
    update: {
      schema: updateConfigSchema,
      run: (v, { env, viewer, formData }) => updateConfiguration(env, viewer, keyOf(formData), v),
      success: back(CONFIG_COPY.updated),
      replyAs: ({ formData }) => `update:${keyOf(formData)}`,
    },
    delete: {
      schema: keySchema,
      run: (v, { env, viewer }) => deleteConfiguration(env, viewer, v.key),
      success: back(CONFIG_COPY.deleted),
      confirm: ({ formData }) => ({ question: CONFIG_COPY.deleteConfirm(keyOf(formData)), yes: "Yes, delete" }),
    },
  },
});

type Config = Route.ComponentProps["loaderData"]["configs"][number];

function ConfigRow({ config, lastResult }: { config: Config; lastResult: unknown }) {
  const [form] = useForm({
    id: `config-${config.key}`,
    lastResult: lastResult as never,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateConfigSchema }),
  });
  const sent = (form.initialValue ?? {}) as Record<string, string | undefined>;
  return (
    <li className="rounded-xl border border-ink-700 p-3">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2 text-sm">
        <input type="hidden" name="key" value={config.key} />
        <p className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="font-mono font-semibold">{config.key}</span>
          <span className="text-xs text-zinc-400">
            updated <When at={config.updatedAt} />
          </span>
        </p>
        <FormAlert id={form.errorId} errors={Object.values(form.allErrors).flat()} />
        {config.secret ? (
          <p className="text-zinc-400">A password hash: change it with the site password gate above.</p>
        ) : (
          <>
            <label className="flex flex-col gap-1">
              Value (JSON)
              <textarea
                name="value"
                rows={Math.min(12, JSON.stringify(config.value, null, 2).split("\n").length)}
                defaultValue={sent.value ?? JSON.stringify(config.value, null, 2)}
                className={`${inputClass} font-mono text-xs`}
              />
            </label>
            <label className="flex flex-col gap-1">
              Description
              <input
                name="description"
                defaultValue={sent.description ?? config.description ?? ""}
                className={inputClass}
              />
            </label>
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                name="intent"
                value="update"
                className={secondaryButtonClass}
                aria-label={`Save ${config.key}`}
              >
                Save
              </button>
              <ConfirmButton
                value="delete"
                question={CONFIG_COPY.deleteConfirm(config.key)}
                yes="Yes, delete"
                className={dangerButtonClass}
                formNoValidate
                aria-label={`Delete ${config.key}`}
              >
                Delete
              </ConfirmButton>
            </div>
          </>
        )}
      </Form>
    </li>
  );
}

export default function Configurations({ loaderData, actionData }: Route.ComponentProps) {
  const { gate } = loaderData;
  const [gateForm] = useForm({
    id: "gate",
    lastResult: actionData?.intent === "gate" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: siteGateSchema }),
  });
  const [addForm] = useForm({
    id: "add-config",
    lastResult: actionData?.intent === "add" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addConfigSchema }),
  });
  // A refused add shows the form again as it was sent (app/routes/_lib/form.server.ts replyTo).
  const added = (addForm.initialValue ?? {}) as Record<string, string | undefined>;
  const deleteErrors = actionData?.intent === "delete" ? replyErrors(actionData) : null;
  return (
    <AdminPage title="Configurations" lead="Values the app reads. Each value is JSON.">
      <Section title="Site password gate">
        <Form method="post" {...getFormProps(gateForm)} className="flex flex-wrap items-end gap-3 text-sm">
          <FormAlert id={gateForm.errorId} errors={Object.values(gateForm.allErrors).flat()} />
          <label className="flex flex-col gap-1">
            {gate.passwordSet ? "New site password (empty keeps the current one)" : "Site password"}
            <input type="password" name="password" autoComplete="new-password" className={inputClass} />
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="enabled" defaultChecked={gate.enabled} />
            Ask every visitor for the site password
          </label>
          <button type="submit" name="intent" value="gate" className={buttonClass}>
            Save gate
          </button>
        </Form>
        <p className="mt-2 text-xs text-zinc-400">
          The gate is {gate.enabled ? "on" : "off"}; {gate.passwordSet ? "a password is set" : "no password is set"}.
          The password is kept only as a hash.
        </p>
      </Section>
      <FormAlert errors={deleteErrors} />
      <Section title="All configurations">
        <ul className="flex flex-col gap-3">
          {loaderData.configs.map((config) => (
            <ConfigRow
              key={config.key}
              config={config}
              lastResult={actionData?.intent === `update:${config.key}` ? actionData.result : undefined}
            />
          ))}
        </ul>
      </Section>
      <Section title="Add a configuration">
        <Form method="post" {...getFormProps(addForm)} className="grid gap-3 text-sm sm:grid-cols-2">
          <FormAlert id={addForm.errorId} errors={Object.values(addForm.allErrors).flat()} />
          <label className="flex flex-col gap-1">
            Key (snake_case)
            <input name="key" required defaultValue={added.key} className={inputClass} />
          </label>
          <label className="flex flex-col gap-1">
            Description
            <input name="description" defaultValue={added.description} className={inputClass} />
          </label>
          <label className="flex flex-col gap-1 sm:col-span-2">
            Value (JSON, e.g. 12, true, "text" or {"{}"})
            <textarea
              name="value"
              rows={3}
              required
              defaultValue={added.value}
              className={`${inputClass} font-mono text-xs`}
            />
          </label>
          <button type="submit" name="intent" value="add" className={`${buttonClass} justify-self-start`}>
            Add configuration
          </button>
        </Form>
      </Section>
    </AdminPage>
  );
}
