import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { AdminPage, buttonClass, FormAlert, Section, secondaryButtonClass } from "~/components/admin/ui";
import { countryOptions } from "~/features/currency";
import { registerStreamerSchema, STAFF_STREAMER_COPY } from "~/features/staff-streamers";
import { registerStreamer } from "~/features/staff-streamers/index.server";
import { Field, inputClass } from "~/lib/ui/field";
import { envOf, publicOrigin } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/add-streamer";

export const meta = () => [{ title: "Register influencer | Noobrd staff" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, envOf(context), "influencers");
  return null;
}

/** /admin/add-influencer: registers a streamer, who gets an email with the password set-up link. */
export const action = pageAction({
  guard: staffWith("influencers"),
  intents: {
    register: {
      schema: registerStreamerSchema,
      run: (input, { env, viewer, request }) => registerStreamer(env, viewer, input, publicOrigin(request, env)),
      success: (result) => ({ to: `/admin/influencer/${result.id}`, message: STAFF_STREAMER_COPY.registered }),
      fallback: STAFF_STREAMER_COPY.registerError,
    },
  },
});

export default function AddStreamer({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "add-influencer",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerStreamerSchema }),
  });
  return (
    <AdminPage
      title="Register influencer"
      lead="They receive an email with a link to set their password and sign in."
      actions={
        <Link to="/admin/influencer" className={secondaryButtonClass}>
          Back to influencers
        </Link>
      }
    >
      <Section title="Streamer">
        <Form method="post" {...getFormProps(form)} className="grid max-w-xl gap-4">
          <FormAlert id={form.errorId} errors={form.errors} />
          <Field label="Full name" id={fields.fullName.id} errors={fields.fullName.errors}>
            <input {...getInputProps(fields.fullName, { type: "text" })} className={inputClass} />
          </Field>
          <Field label="Username" id={fields.username.id} errors={fields.username.errors}>
            <input {...getInputProps(fields.username, { type: "text" })} className={inputClass} />
          </Field>
          <Field label="Email" id={fields.email.id} errors={fields.email.errors}>
            <input {...getInputProps(fields.email, { type: "email" })} className={inputClass} />
          </Field>
          <Field label="Country" id={fields.country.id} errors={fields.country.errors}>
            <select {...getSelectProps(fields.country)} className={inputClass}>
              <option value="">Choose…</option>
              {countryOptions().map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className={`${buttonClass} justify-self-start`}>
            Register influencer
          </button>
        </Form>
      </Section>
    </AdminPage>
  );
}
