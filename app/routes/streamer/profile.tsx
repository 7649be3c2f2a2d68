import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form } from "react-router";
import { uploadedFile } from "~/features/gigs/index.server";
import { PROFESSIONS, STREAMER_PROFILE_COPY, streamerProfileSchema, suggestStarSchema } from "~/features/streamer";
import { getStreamerProfile, suggestStar, updateStreamerProfile } from "~/features/streamer/index.server";
import { Field, inputClass } from "~/lib/ui/field";
import { envOf } from "~/platform/http.server";
import type { FormFailure } from "~/routes/_lib/form.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import { pageAction, streamerOnly } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/profile";

export const meta = () => [{ title: "Your creator profile | Noobrd" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStreamer(request, env);
  return { profile: await getStreamerProfile(env, viewer, viewer.id) };
}

/** Updates stay on /influencer/profile (docs/domain.md), with 'Bio updated successfully'. */
export const action = pageAction({
  guard: streamerOnly,
  intents: {
    suggest: {
      schema: suggestStarSchema,
      run: (value, { env, viewer }) => suggestStar(env, viewer, value.starName),
      success: () => ({ to: "/influencer/profile", message: STREAMER_PROFILE_COPY.suggested }),
    },
    profile: {
      schema: streamerProfileSchema,
      run: (value, { env, viewer, formData }) =>
        updateStreamerProfile(env, viewer, value, uploadedFile(formData.get("image"))),
      success: () => ({ to: "/influencer/profile", message: STREAMER_PROFILE_COPY.bioUpdated }),
    },
  },
  otherwise: "profile",
});

const button = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500 self-start";

export default function StreamerProfile({ loaderData, actionData: raw }: Route.ComponentProps) {
  const actionData = raw as (Partial<FormFailure> & { intent?: string }) | undefined;
  const { profile } = loaderData;
  const [form, fields] = useForm({
    id: "influencer-profile",
    lastResult: actionData?.intent !== "suggest" ? (actionData?.result ?? undefined) : undefined,
    defaultValue: { fullName: profile.fullName, bio: profile.bio ?? "", profession: profile.profession },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: streamerProfileSchema }),
  });
  const [suggestForm, suggestFields] = useForm({
    id: "suggest-star",
    lastResult: actionData?.intent === "suggest" ? (actionData.result ?? undefined) : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: suggestStarSchema }),
  });
  const [imageError, setImageError] = useState<string | null>(null);
  const serverImageError = actionData?.field === "image" ? actionData.message : null;
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Your creator profile</h1>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-900 p-6"
      >
        {form.errors?.length ? (
          <p role="alert" className="text-sm text-red-400">
            {form.errors.join(". ")}
          </p>
        ) : null}
        <div className="flex items-center gap-4">
          <div className="h-20 w-20 overflow-hidden rounded-full bg-ink-700">
            {profile.pictureUrl ? (
              <img src={profile.pictureUrl} alt="Your profile" className="h-full w-full object-cover" />
            ) : null}
          </div>
          <label className="flex flex-col gap-1 text-sm">
            Image (PNG or JPEG, up to 2 MB)
            <input
              name="image"
              type="file"
              accept="image/png,image/jpeg"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                const ok = !file || ["image/png", "image/jpeg"].includes(file.type);
                setImageError(ok ? null : "Please select a valid image file");
                if (!ok) event.currentTarget.value = "";
              }}
            />
            {imageError || serverImageError ? (
              <span role="alert" className="text-red-400">
                {imageError ?? serverImageError}
              </span>
            ) : null}
          </label>
        </div>
        <Field label="Full name" id={fields.fullName.id} errors={fields.fullName.errors}>
          <input {...getInputProps(fields.fullName, { type: "text" })} className={inputClass} />
        </Field>
        <Field label="Profession" id={fields.profession.id} errors={fields.profession.errors}>
          <select {...getSelectProps(fields.profession)} className={inputClass}>
            {PROFESSIONS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Bio" id={fields.bio.id} errors={fields.bio.errors}>
          <textarea {...getTextareaProps(fields.bio)} rows={5} className={inputClass} />
        </Field>
        <button type="submit" name="intent" value="profile" className={button}>
          Save profile
        </button>
      </Form>
      <Form
        method="post"
        {...getFormProps(suggestForm)}
        className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-900 p-6"
      >
        <h2 className="text-lg font-semibold">Suggest a star</h2>
        <Field label="Who should join Noobrd?" id={suggestFields.starName.id} errors={suggestFields.starName.errors}>
          <input {...getInputProps(suggestFields.starName, { type: "text" })} className={inputClass} />
        </Field>
        <button type="submit" name="intent" value="suggest" className={button}>
          Suggest
        </button>
      </Form>
    </main>
  );
}
