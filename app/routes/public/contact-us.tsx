import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation, useNavigation } from "react-router";
import { getViewer } from "~/features/auth/index.server";
import { CONTENT_COPY, contactFormSchema } from "~/features/content";
import { listFaqs, submitContactForm } from "~/features/content/index.server";
import { appError } from "~/lib/errors";
import { Field, inputClass } from "~/lib/ui/field";
import { clientIp, envOf } from "~/platform/http.server";
import { log } from "~/platform/log.server";
import { refusalHeaders, settle } from "~/routes/_lib/form.server";
import { pageAction } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/contact-us";

export const meta = () => [{ title: "Contact us | Noobrd" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { faqs: await listFaqs(envOf(context)) };
}

/** A refused attempt's Retry-After (a 429's wait) reaches the browser with the page. */
export const headers = refusalHeaders;

export const action = pageAction({
  guard: ({ request, env }) => getViewer(request, env),
  intents: {
    send: {
      schema: contactFormSchema,
      run: async (value, { env, viewer, request }) => {
        const meta = { ip: clientIp(request, env), userId: viewer?.id };
        // Anything but a refusal (the message could not be stored or sent): the fan is told to try again later.
        const sent = await settle(() => submitContactForm(env, value, meta)).catch((error: unknown) => {
          log.error("contact.failed", { error });
          throw appError(503, CONTENT_COPY.contactError);
        });
        if (!sent.ok) throw sent.error;
        return sent.value;
      },
      success: () => ({ to: "/contact-us", message: CONTENT_COPY.contactSuccess }),
    },
  },
  otherwise: "send",
});

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "contact",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactFormSchema }),
  });
  const submitting = navigation.state === "submitting";
  return (
    <main className="mx-auto grid max-w-6xl gap-12 px-4 py-12 lg:grid-cols-[1fr_1fr]">
      <section aria-labelledby="contact-title">
        <h1 id="contact-title" className="text-3xl font-bold">
          Contact us
        </h1>
        <p className="mt-3 text-zinc-400">
          Questions about a booking, a payment or your streamer account? Write to us and we will answer by email,
          usually within one business day.
        </p>
        <Form method="post" {...getFormProps(form)} key={location.key} className="mt-8 flex flex-col gap-5">
          {form.errors?.length ? (
            <p
              role="alert"
              id={form.errorId}
              className="rounded-lg border border-red-500/40 bg-red-950 px-3 py-2 text-sm"
            >
              {form.errors.join(". ")}
            </p>
          ) : null}
          <Field label="Name" id={fields.name.id} errors={fields.name.errors}>
            <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" className={inputClass} />
          </Field>
          <Field label="Email" id={fields.email.id} errors={fields.email.errors}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
          </Field>
          <Field label="Subject" id={fields.subject.id} errors={fields.subject.errors}>
            <input {...getInputProps(fields.subject, { type: "text" })} className={inputClass} />
          </Field>
          <Field label="Message" id={fields.message.id} errors={fields.message.errors}>
            <textarea {...getTextareaProps(fields.message)} rows={6} className={inputClass} />
          </Field>
          <button
            type="submit"
            disabled={submitting}
            className="self-start rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold hover:bg-brand-500 disabled:opacity-60"
          >
            {submitting ? "Sending…" : "Send message"}
          </button>
        </Form>
      </section>
      <section aria-labelledby="faq-title">
        <h2 id="faq-title" className="text-2xl font-bold">
          Frequently asked questions
        </h2>
        <div className="mt-6 flex flex-col gap-3">
          {loaderData.faqs.map((faq) => (
            <details key={faq.id} className="group rounded-xl border border-ink-700 bg-ink-900 p-4">
              <summary className="cursor-pointer list-none font-medium marker:hidden">{faq.question}</summary>
              <p className="mt-3 text-sm leading-relaxed text-zinc-400">{faq.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </main>
  );
}
