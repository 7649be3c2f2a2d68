import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { isAppError } from "~/lib/errors";

export type FormFailure = {
  result: SubmissionResult<string[]> | null;
  field: string | null;
  message: string | null;
  error: string | null;
};

/**
 * Runs a use case for a Conform form: an AppError it throws becomes the form's reply (on its field when it
 * names one, else as a form error) with the error's status; anything else is rethrown.
 */
export async function runForForm<T>(
  submission: Submission<unknown>,
  work: () => Promise<T>,
  fallbackMessage?: string,
): Promise<{ ok: true; value: T } | { ok: false; response: ReturnType<typeof data<FormFailure>> }> {
  try {
    return { ok: true, value: await work() };
  } catch (thrown) {
    if (!isAppError(thrown)) throw thrown;
    const message = thrown.message || fallbackMessage || "Something went wrong";
    const result = thrown.field
      ? submission.reply({ fieldErrors: { [thrown.field]: [message] } })
      : submission.reply({ formErrors: [message] });
    return {
      ok: false,
      response: data<FormFailure>(
        { result, field: thrown.field ?? null, message, error: null },
        { status: thrown.status },
      ),
    };
  }
}

/** For loaders: a use case's AppError becomes the route's error page with its status (403, 404...). */
export async function orErrorPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (thrown) {
    if (isAppError(thrown)) throw new Response(thrown.message, { status: thrown.status });
    throw thrown;
  }
}
