import type { Submission, SubmissionResult } from "@conform-to/react";
import { type AppError, isAppError } from "~/lib/errors";
import { retryAfter } from "~/platform/http.server";

type ReplyOptions = Parameters<Submission<unknown>["reply"]>[0];

/** A sent value as the browser sent it: text kept as is (an empty field stays ""), lists and groups walked, files left out. */
function asSent(value: unknown): unknown {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((item) => asSent(item) ?? "");
  if (value && typeof value === "object" && !(value instanceof Blob)) {
    const kept: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) {
      const sent = asSent(item);
      if (sent !== undefined) kept[name] = sent;
    }
    return kept;
  }
  return undefined;
}

/**
 * A form's reply (JavaScript on or off): Conform's, but carrying back exactly what was sent. Conform's own reply
 * turns an empty field into `undefined` and a one-item list into its item, so a page that shows the form again read
 * "undefined" into the empty boxes (issue 50: a booking then went through with the tag "undefined"). Here every
 * text comes back as typed, an empty one as "", lists stay lists; `hideFields` (passwords) and files do not come
 * back. Every page route replies through this (tests/architecture/form-replies.test.ts).
 */
export function replyTo(submission: Submission<unknown>, options: ReplyOptions = {}): SubmissionResult<string[]> {
  const result = submission.reply(options) as SubmissionResult<string[]>;
  if (result.initialValue === null || (options && "resetForm" in options && options.resetForm)) return result;
  const sent = asSent(submission.payload) as Record<string, unknown>;
  const hidden = options && "hideFields" in options ? (options.hideFields ?? []) : [];
  for (const name of hidden) delete sent[name];
  return { ...result, initialValue: sent as SubmissionResult<string[]>["initialValue"] };
}

/** What a page's form gets back when its use case refused (an AppError): the Conform reply and the why. */
export type FormFailure = {
  result: SubmissionResult<string[]> | null;
  field: string | null;
  message: string | null;
  /** The AppError's reason code, when one message covers several causes (e.g. "unverified"). */
  reason: string | null;
  error: string | null;
};

export type FormOptions = {
  /** The message when the error carries none (docs/domain.md's default for the screen). */
  fallback?: string;
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  /** The fields this form shows, when not all of the schema's: an error on another field becomes a form error. */
  shownFields?: string[];
};

/**
 * A page route's `headers` export when its action can be refused for too many attempts: the action's Retry-After (a
 * 429's wait, set by `formFailure`) reaches the browser with the page. `export const headers = refusalHeaders;`
 */
export function refusalHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  return actionHeaders;
}

/** An AppError as the form's reply: on its field when it names one, else as a form error. */
export function formFailure(
  submission: Submission<unknown>,
  thrown: AppError,
  options: FormOptions = {},
): { failure: FormFailure; init: ResponseInit } {
  const message = thrown.message || options.fallback || "Something went wrong";
  const field =
    thrown.field && (!options.shownFields || options.shownFields.includes(thrown.field)) ? thrown.field : null;
  const errors = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
  return {
    failure: {
      result: replyTo(submission, { ...errors, hideFields: options.hideFields }),
      field: thrown.field ?? null,
      message,
      reason: thrown.reason ?? null,
      error: null,
    },
    init: { status: thrown.status, headers: retryAfter(thrown) },
  };
}

/** A use case's outcome for a page: its value, or the AppError it refused with. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: AppError };

/**
 * The one place a page route catches an AppError: the value, or the AppError the use case threw (as a value, for
 * the route to answer with: a form reply, an error page, a toast). Anything else is rethrown. `work` is a promise
 * or a function run now (for a step of several calls). Every helper here (`orErrorPage`) and `pageAction`
 * (app/routes/_lib/page-action.server.ts) go through it; routes never write `catch` for an AppError themselves
 * (tests/architecture/page-errors.test.ts).
 */
export async function settle<T>(work: Promise<T> | (() => Promise<T>)): Promise<Settled<T>> {
  try {
    return { ok: true, value: await (typeof work === "function" ? work() : work) };
  } catch (thrown) {
    if (!isAppError(thrown)) throw thrown;
    return { ok: false, error: thrown };
  }
}

/** An AppError as the route's error page: its message and status (403, 404...), for a loader to throw. */
export function errorPage(error: AppError): Response {
  return new Response(error.message, { status: error.status });
}

/** For loaders: a use case's AppError becomes the route's error page with its status (403, 404...). */
export async function orErrorPage<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  const settled = await settle(work);
  if (settled.ok) return settled.value;
  throw errorPage(settled.error);
}
