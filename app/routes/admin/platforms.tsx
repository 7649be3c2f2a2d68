import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLocation } from "react-router";
import { AdminPage, buttonClass, FormAlert, Section } from "~/components/admin/ui";
import { uploadedFile } from "~/features/media/index.server";
import { platformSchema, STAFF_CATALOGUE_COPY } from "~/features/staff-catalogue";
import { addPlatform, listPlatformsForStaff } from "~/features/staff-catalogue/index.server";
import { inputClass } from "~/lib/ui/field";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/platforms";

export const meta = () => [{ title: "Platforms | Noobrd staff" }];

/** /admin/platforms (list) and /admin/platforms/add (the same page, the add form first). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "catalogue");
  return { platforms: await listPlatformsForStaff(env, viewer) };
}

export const action = pageAction({
  guard: staffWith("catalogue"),
  intents: {
    add: {
      schema: platformSchema,
      run: (input, { env, viewer, formData }) =>
        addPlatform(env, viewer, input, uploadedFile(formData.get("platformIcon"))),
      success: () => ({ to: "/admin/platforms", message: STAFF_CATALOGUE_COPY.platformAdded }),
    },
  },
});

export default function Platforms({ loaderData, actionData }: Route.ComponentProps) {
  const [form] = useForm({
    id: "platform",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: platformSchema }),
  });
  const adding = useLocation().pathname.endsWith("/add");
  const addForm = (
    <Section title="Add a platform">
      <Form
        method="post"
        action="/admin/platforms/add"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="flex flex-wrap items-end gap-3"
      >
        <FormAlert id={form.errorId} errors={Object.values(form.allErrors).flat()} />
        <label className="flex flex-col gap-1 text-sm">
          Platform name
          <input name="platformName" required maxLength={40} className={inputClass} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Icon (PNG or JPEG, optional)
          <input type="file" name="platformIcon" accept="image/png,image/jpeg" className="text-sm" />
        </label>
        <button type="submit" className={buttonClass}>
          Add platform
        </button>
      </Form>
    </Section>
  );
  return (
    <AdminPage
      title="Platforms"
      lead="Where games are played. A game lists the platforms it runs on."
      actions={
        adding ? null : (
          <Link to="/admin/platforms/add" className={buttonClass}>
            Add platform
          </Link>
        )
      }
    >
      {adding ? addForm : null}
      <Section title="All platforms">
        <ul className="flex flex-col gap-2 text-sm">
          {loaderData.platforms.map((p) => (
            <li key={p.id} className="flex items-center gap-3">
              {p.platformIcon ? <img src={p.platformIcon} alt="" width={24} height={24} /> : null}
              <span className="font-semibold">{p.platformName}</span>
              <span className="text-zinc-400">
                {p.platformIdName} · {p.games} games
              </span>
            </li>
          ))}
        </ul>
      </Section>
      {adding ? null : addForm}
    </AdminPage>
  );
}
