import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { type ConfirmationAsk, confirmationNeeded } from "~/lib/confirm";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/platform/toast.server";

export type AdminFormReply = {
  intent: string;
  result: SubmissionResult<string[]>;
  /** A destructive intent sent without `confirm=yes` (no JavaScript): the page asks first (app/lib/confirm.ts). */
  confirm?: ConfirmationAsk["confirm"];
};

/**
 * One staff form submission (a Conform form, JavaScript on or off): the form data through the intent's Zod
 * schema (the same one the browser validated with), then the use case. Success redirects back with a toast
 * (a plain redirect, so a reload does not post again); a validation failure or an AppError from the use case
 * answers the form with its message and status (4xx), never a 500. `fallback` is docs/domain.md's default message.
 * `ask`: the intent is destructive and needs `confirm=yes` (app/lib/confirm.ts); without it the page asks first.
 */
export async function runAdminForm<S extends z.ZodType, T>(
  env: Env,
  formData: FormData,
  intent: string,
  schema: S,
  work: (value: z.output<S>) => Promise<T>,
  done: (result: T) => { to: string; message: string },
  fallback?: string,
  ask?: { question: string; yes: string },
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data<AdminFormReply>({ intent, result: submission.reply() }, { status: 400 });
  }
  // A destructive intent asks first (after the input is known to be valid, so the answer is not a wasted step).
  const needed = ask ? confirmationNeeded(formData, ask.question, ask.yes) : null;
  if (needed) return data<AdminFormReply>({ intent: "confirm", result: {}, ...needed });
  try {
    const result = await work(submission.value as z.output<S>);
    const { to, message } = done(result);
    return redirectWithToast(env, to, { kind: "success", message });
  } catch (thrown) {
    if (!isAppError(thrown)) throw thrown;
    const message = thrown.message || fallback || "An unexpected error occurred";
    const result = thrown.field
      ? submission.reply({ fieldErrors: { [thrown.field]: [message] } })
      : submission.reply({ formErrors: [message] });
    return data<AdminFormReply>({ intent, result }, { status: thrown.status });
  }
}

/** The intent a staff form posted (its submit button's value), or "". */
export function intentOf(formData: FormData): string {
  const value = formData.get("intent");
  return typeof value === "string" ? value : "";
}

export function unknownIntent(intent: string) {
  return data<AdminFormReply>(
    { intent, result: { status: "error", error: { "": ["Unknown action"] } } },
    { status: 400 },
  );
}
