import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { AdminPage, buttonClass, FormAlert, Section, secondaryButtonClass } from "~/components/admin/ui";
import type { LegalType } from "~/features/content";
import { CONTENT_COPY, DocumentPage, legalEditorSchema, toLegalView } from "~/features/content";
import { legalForEditor, saveLegalDocument } from "~/features/content/index.server";
import { inputClass } from "~/lib/ui/field";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/legal-document";

/** Which document each staff route edits, and where the public reads it. */
const DOCUMENTS: Record<string, { type: LegalType; label: string; publicPath: string | null }> = {
  "/admin/privacy-policy": { type: "mainPrivacyPolicy", label: "Privacy policy", publicPath: "/privacy-policy" },
  "/admin/terms-of-services": {
    type: "mainTermsAndConditions",
    label: "Terms of service",
    publicPath: "/terms-of-service",
  },
  "/admin/terms-and-privacy": { type: "vipQueueTermsAndConditions", label: "VIP queue terms", publicPath: null },
};

function documentFor(request: Request) {
  const path = new URL(request.url).pathname.replace(/\/$/, "");
  const doc = DOCUMENTS[path];
  if (!doc) throw data("Not found", { status: 404 });
  return doc;
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.label ?? "Document"} | Noobrd staff` },
];

/** /admin/privacy-policy, /admin/terms-of-services, /admin/terms-and-privacy: edit a legal document, with a preview. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "content");
  const doc = documentFor(request);
  return { ...doc, ...(await legalForEditor(env, viewer, doc.type)) };
}

export const action = pageAction({
  guard: staffWith("content"),
  intents: {
    save: {
      schema: legalEditorSchema,
      run: (input, { env, viewer, request }) => saveLegalDocument(env, viewer, documentFor(request).type, input),
      success: (_, { request }) => ({ to: new URL(request.url).pathname, message: CONTENT_COPY.termsSaved }),
      fallback: CONTENT_COPY.termsUpdate,
    },
    // The preview saves nothing: it renders what was typed, as the public page would.
    preview: {
      schema: legalEditorSchema,
      run: async (typed, { request }) =>
        toLegalView(documentFor(request).type, {
          title: typed.title || undefined,
          updatedDate: typed.updated,
          intro: typed.introduction,
          keyPoints: typed.keyPoints,
          sections: typed.sections,
        }),
      success: (preview) => ({ stay: { preview } }),
      replyAs: () => "save",
    },
  },
});

const BLANK_SECTIONS = 2;

export default function LegalDocument({ loaderData, actionData }: Route.ComponentProps) {
  const [form] = useForm({
    id: `legal-${loaderData.type}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.fields as never,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: legalEditorSchema }),
  });
  const values = (form.initialValue ?? loaderData.fields) as Record<string, unknown>;
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : "");
  const sent = (Array.isArray(values.sections) ? values.sections : []) as { title?: string; body?: string }[];
  const sections = [
    ...sent.filter((s) => s && (s.title || s.body)),
    ...Array.from({ length: BLANK_SECTIONS }, () => ({})),
  ] as {
    title?: string;
    body?: string;
  }[];
  const preview = (actionData as { preview?: ReturnType<typeof toLegalView> } | undefined)?.preview ?? null;
  return (
    <AdminPage
      title={loaderData.label}
      lead={
        loaderData.publicPath ? (
          <>
            Public page:{" "}
            <a href={loaderData.publicPath} className="underline">
              {loaderData.publicPath}
            </a>
          </>
        ) : (
          "Shown to fans before they pay for a VIP place."
        )
      }
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormAlert id={form.errorId} errors={Object.values(form.allErrors).flat()} />
        <Section title="Document">
          <div className="grid gap-3 text-sm">
            <label className="flex flex-col gap-1">
              Title (empty for the standard one)
              <input name="title" defaultValue={text("title")} maxLength={120} className={inputClass} />
            </label>
            <label className="flex flex-col gap-1">
              Last updated
              <input type="date" name="updated" required defaultValue={text("updated")} className={inputClass} />
            </label>
            <label className="flex flex-col gap-1">
              Introduction
              <textarea
                name="introduction"
                rows={4}
                required
                defaultValue={text("introduction")}
                className={inputClass}
              />
            </label>
            <label className="flex flex-col gap-1">
              Key points (one per line)
              <textarea name="keyPoints" rows={5} defaultValue={text("keyPoints")} className={inputClass} />
            </label>
          </div>
        </Section>
        <Section title="Detailed sections">
          <p className="mb-3 text-sm text-zinc-400">Empty sections are dropped; save to get more empty ones.</p>
          <div className="flex flex-col gap-4">
            {sections.map((section, i) => (
              <fieldset key={section.title ?? `blank-${i}`} className="grid gap-2 text-sm">
                <legend className="sr-only">Section {i + 1}</legend>
                <label className="flex flex-col gap-1">
                  Section {i + 1} title
                  <input name={`sections[${i}].title`} defaultValue={section.title ?? ""} className={inputClass} />
                </label>
                <label className="flex flex-col gap-1">
                  Section {i + 1} text
                  <textarea
                    name={`sections[${i}].body`}
                    rows={4}
                    defaultValue={section.body ?? ""}
                    className={inputClass}
                  />
                </label>
              </fieldset>
            ))}
          </div>
        </Section>
        <div className="flex gap-2">
          <button type="submit" name="intent" value="save" className={buttonClass}>
            Save document
          </button>
          <button type="submit" name="intent" value="preview" className={secondaryButtonClass}>
            Preview
          </button>
        </div>
      </Form>
      {preview ? (
        <Section title="Preview (not saved)">
          <div className="rounded-xl border border-dashed border-ink-600">
            <DocumentPage document={preview} as="article" />
          </div>
        </Section>
      ) : null}
    </AdminPage>
  );
}
