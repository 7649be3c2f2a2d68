import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { type ConfirmationAsk, confirmationNeeded } from "~/lib/confirm";
import type { z } from "~/lib/zod";
import { redirectWithToast, type ToastKind } from "~/platform/toast.server";
import { type FormOptions, runForForm } from "~/routes/_lib/form.server";

export type PageFormReply = {
  intent: string;
  result: SubmissionResult<string[]>;
  /** A destructive intent sent without `confirm=yes` (no JavaScript): the page asks first (app/lib/confirm.ts). */
  confirm?: ConfirmationAsk["confirm"];
};

/** Where a successful form goes: back with a toast (the usual), or on with a plain redirect (no message). */
export type FormDone = { to: string; message?: string; kind?: ToastKind; headers?: HeadersInit };

/**
 * One page form submission (a Conform form, JavaScript on or off), for staff screens and the fan's and
 * streamer's own pages alike: the form data through the intent's Zod schema (the same one the browser validated
 * with), then the use case (`runForForm`). Success redirects with a toast (a plain redirect, so a reload does not
 * post again); a validation failure or an AppError from the use case answers the form with its message and status
 * (4xx), never a 500. `fallback` is docs/domain.md's default message. `ask`: the intent is destructive and needs
 * `confirm=yes` (app/lib/confirm.ts); without it the page asks first.
 */
export async function runPageForm<S extends z.ZodType, T>(
  env: Env,
  formData: FormData,
  intent: string,
  schema: S,
  work: (value: z.output<S>) => Promise<T>,
  done: (result: T) => FormDone,
  fallback?: string,
  ask?: { question: string; yes: string },
  options: Omit<FormOptions, "fallback"> = {},
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data<PageFormReply>(
      { intent, result: submission.reply({ hideFields: options.hideFields }) },
      { status: 400 },
    );
  }
  // A destructive intent asks first (after the input is known to be valid, so the answer is not a wasted step).
  const needed = ask ? confirmationNeeded(formData, ask.question, ask.yes) : null;
  if (needed) return data<PageFormReply>({ intent: "confirm", result: {}, ...needed });
  const attempt = await runForForm(submission, () => work(submission.value as z.output<S>), { ...options, fallback });
  if (!attempt.ok) {
    return data<PageFormReply>({ intent, result: attempt.failure.result ?? {} }, attempt.init);
  }
  const { to, message, kind = "success", headers } = done(attempt.value);
  if (message === undefined) return redirect(to, { headers });
  return redirectWithToast(env, to, { kind, message }, headers);
}

/** The intent a form posted (its submit button's value), or "". */
export function intentOf(formData: FormData): string {
  const value = formData.get("intent");
  return typeof value === "string" ? value : "";
}

export function unknownIntent(intent: string) {
  return data<PageFormReply>(
    { intent, result: { status: "error", error: { "": ["Unknown action"] } } },
    { status: 400 },
  );
}
