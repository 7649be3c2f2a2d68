import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { type ConfirmationAsk, confirmationNeeded } from "~/lib/confirm";
import type { z } from "~/lib/zod";
import { redirectWithToast, type ToastKind } from "~/platform/toast.server";
import { type FormOptions, replyTo, runForForm } from "~/routes/_lib/form.server";

export type PageFormReply = {
  intent: string;
  result: SubmissionResult<string[]>;
  /** A destructive intent sent without `confirm=yes` (no JavaScript): the page asks first (app/lib/confirm.ts). */
  confirm?: ConfirmationAsk["confirm"];
};

/** Where a successful form goes: back with a toast (the usual), or on with a plain redirect (no message). */
export type FormDone = { to: string; message?: string; kind?: ToastKind; headers?: HeadersInit };

/** A destructive intent's question (app/lib/confirm.ts): without `confirm=yes` the page asks it first. */
export type ConfirmQuestion = { question: string; yes: string };

/** Everything one page form submission needs (`runPageForm`), named. */
export type PageFormOptions<S extends z.ZodType, T> = Omit<FormOptions, "fallback"> & {
  /** The Worker's bindings (the toast cookie is signed with them). */
  env: Env;
  /** The posted form (already read from the request, possibly tidied, e.g. blank rows dropped). */
  formData: FormData;
  /** Which of the page's forms this is: sent back in the reply so the page shows the result on that form. */
  intent: string;
  /** The intent's Zod schema, the same one the browser validated with. */
  schema: S;
  /** The use case, given the parsed value; an AppError it throws answers the form (4xx). */
  run: (value: z.output<S>) => Promise<T>;
  /** Where a success goes, from the use case's result: back with a toast (`message`) or on with a plain redirect. */
  success: (result: T) => FormDone;
  /** The message when the use case's AppError carries none (docs/domain.md's default for the screen). */
  fallback?: string;
  /** The intent is destructive: without `confirm=yes` the page asks this first (no JavaScript). */
  confirm?: ConfirmQuestion;
};

/**
 * One page form submission (a Conform form, JavaScript on or off), for staff screens and the fan's and
 * streamer's own pages alike: the form data through the intent's Zod schema (the same one the browser validated
 * with), then the use case (`runForForm`). Success redirects with a toast (a plain redirect, so a reload does not
 * post again); a validation failure or an AppError from the use case answers the form with its message and status
 * (4xx), never a 500. A destructive intent (`confirm`) asks first when `confirm=yes` was not sent.
 */
export async function runPageForm<S extends z.ZodType, T>(options: PageFormOptions<S, T>) {
  const { env, formData, intent, schema, run, success, fallback, confirm, hideFields, shownFields } = options;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data<PageFormReply>({ intent, result: replyTo(submission, { hideFields }) }, { status: 400 });
  }
  // A destructive intent asks first (after the input is known to be valid, so the answer is not a wasted step).
  const needed = confirm ? confirmationNeeded(formData, confirm.question, confirm.yes) : null;
  if (needed) return data<PageFormReply>({ intent: "confirm", result: {}, ...needed });
  const attempt = await runForForm(submission, () => run(submission.value as z.output<S>), {
    fallback,
    hideFields,
    shownFields,
  });
  if (!attempt.ok) {
    return data<PageFormReply>({ intent, result: attempt.failure.result ?? {} }, attempt.init);
  }
  const { to, message, kind = "success", headers } = success(attempt.value);
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
