import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLocation } from "react-router";
import { AdminPage, buttonClass, dangerButtonClass, FormAlert, replyErrors, Section } from "~/components/admin/ui";
import { ConfirmButton } from "~/components/confirm";
import { uploadedFile } from "~/features/media/index.server";
import { bannerSchema, idSchema, STAFF_CATALOGUE_COPY } from "~/features/staff-catalogue";
import { addBanner, deleteBanner, listBannersForStaff } from "~/features/staff-catalogue/index.server";
import { inputClass } from "~/lib/ui/field";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/banners";

export const meta = () => [{ title: "Banners | Noobrd staff" }];

/** /admin/banners (list, delete) and /admin/banners/add (the same page, the add form first). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "catalogue");
  return { banners: await listBannersForStaff(env, viewer) };
}

export const action = pageAction({
  guard: staffWith("catalogue"),
  intents: {
    delete: {
      schema: idSchema,
      run: (v, { env, viewer }) => deleteBanner(env, viewer, v.id),
      success: () => ({ to: "/admin/banners", message: STAFF_CATALOGUE_COPY.bannerDeleted }),
      confirm: { question: STAFF_CATALOGUE_COPY.bannerDeleteConfirm, yes: "Yes, delete" },
    },
    add: {
      schema: bannerSchema,
      run: (input, { env, viewer, formData }) => addBanner(env, viewer, input, uploadedFile(formData.get("image"))),
      success: () => ({ to: "/admin/banners", message: STAFF_CATALOGUE_COPY.bannerAdded }),
    },
  },
});

export default function Banners({ loaderData, actionData }: Route.ComponentProps) {
  const [form] = useForm({
    id: "banner",
    lastResult: actionData?.intent === "add" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bannerSchema }),
  });
  const adding = useLocation().pathname.endsWith("/add");
  // A refused add shows the form again as it was sent (the image aside: a browser never refills a file field).
  const sent = (form.initialValue ?? {}) as Record<string, string | undefined>;
  const deleteErrors = actionData?.intent === "delete" ? replyErrors(actionData) : null;
  const addForm = (
    <Section title="Add a banner">
      <Form
        method="post"
        action="/admin/banners/add"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="grid gap-3 sm:grid-cols-2"
      >
        <FormAlert id={form.errorId} errors={Object.values(form.allErrors).flat()} />
        <label className="flex flex-col gap-1 text-sm">
          Title
          <input name="title" required maxLength={120} defaultValue={sent.title} className={inputClass} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Link (optional, / or https://)
          <input name="linkUrl" maxLength={500} defaultValue={sent.linkUrl} className={inputClass} />
        </label>
        <label className="flex flex-col gap-1 text-sm sm:col-span-2">
          Description
          <textarea
            name="description"
            maxLength={500}
            rows={2}
            defaultValue={sent.description}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Image (PNG or JPEG)
          <input type="file" name="image" accept="image/png,image/jpeg" required className="text-sm" />
        </label>
        <button type="submit" name="intent" value="add" className={`${buttonClass} self-end justify-self-start`}>
          Add banner
        </button>
      </Form>
    </Section>
  );
  return (
    <AdminPage
      title="Banners"
      lead="The landing page's banners, in order."
      actions={
        adding ? null : (
          <Link to="/admin/banners/add" className={buttonClass}>
            Add banner
          </Link>
        )
      }
    >
      {adding ? addForm : null}
      <FormAlert errors={deleteErrors} />
      <Section title="All banners">
        {loaderData.banners.length === 0 ? <p className="text-sm text-zinc-400">No banners.</p> : null}
        <ul className="flex flex-col gap-3">
          {loaderData.banners.map((b) => (
            <li key={b.id} className="flex items-center gap-4 rounded-xl border border-ink-700 p-3 text-sm">
              {b.imageUrl ? (
                <img src={b.imageUrl} alt="" width={160} height={60} className="rounded object-cover" />
              ) : null}
              <div className="flex-1">
                <p className="font-semibold">{b.title}</p>
                <p className="text-zinc-400">{b.description}</p>
              </div>
              <Form method="post" action="/admin/banners">
                <input type="hidden" name="id" value={b.id} />
                <ConfirmButton
                  value="delete"
                  question={STAFF_CATALOGUE_COPY.bannerDeleteConfirm}
                  yes="Yes, delete"
                  className={dangerButtonClass}
                  aria-label={`Delete banner ${b.title}`}
                >
                  Delete
                </ConfirmButton>
              </Form>
            </li>
          ))}
        </ul>
      </Section>
      {adding ? null : addForm}
    </AdminPage>
  );
}
