import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import type { Viewer } from "~/features/access";
import { getViewer } from "~/features/auth/index.server";
import { type ConfirmationAsk, confirmationNeeded } from "~/lib/confirm";
import type { AppError } from "~/lib/errors";
import { firstIssue } from "~/lib/validation";
import type { z } from "~/lib/zod";
import { envOf, retryAfter } from "~/platform/http.server";
import { redirectWithToast, type ToastKind } from "~/platform/toast.server";
import { errorPage, formFailure, replyTo, settle } from "~/routes/_lib/form.server";
import { requireStaff, requireStreamer, requireUser } from "~/routes/_lib/guards.server";

/**
 * What a page's form gets back when it stays on the page: which form (`intent`), Conform's reply (values as sent,
 * errors by field), and for a refusal its message and reason code (one message covering several causes, e.g.
 * "unverified"); a page's own data (`Stay`) rides beside them.
 */
export type PageFormReply = {
  intent: string;
  /** Conform's reply; null from a page whose buttons are no Conform form (`says`). */
  result: SubmissionResult<string[]> | null;
  /** A destructive intent sent without `confirm=yes` (no JavaScript): the page asks first (app/lib/confirm.ts). */
  confirm?: ConfirmationAsk["confirm"];
  /** A page whose buttons are no Conform form: its one message (`says`). */
  error?: string;
  /** A refusal's field (even one this form does not show), message and reason code. */
  field?: string | null;
  message?: string | null;
  reason?: string | null;
};

/** Where a successful form goes: back with a toast (the usual), or on with a plain redirect (no message). */
export type FormDone = { to: string; message?: string; kind?: ToastKind; headers?: HeadersInit };

/** A destructive intent's question (app/lib/confirm.ts): without `confirm=yes` the page asks it first. */
export type ConfirmQuestion = { question: string; yes: string };

type Params = Readonly<Record<string, string>>;

/** What a page's action and loader are given (React Router's arguments, the Worker's bindings read once). */
type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

/** What a guard sees: the request, the bindings, the address's parameters and the posted form. */
export type GuardContext = {
  request: Request;
  env: Env;
  /** The route's parameters (an optional segment's may be missing: test it). */
  params: Params;
  formData: FormData;
};

/** What an intent's `run`, `success` and `refused` see: the guard's answer (`viewer`) beside the rest. */
export type PageContext<V> = GuardContext & { viewer: V; context: Readonly<RouterContextProvider> };

/** The page's data when a submission stays on it (no redirect): merged into `{ intent, result }`. */
export type Stay = {
  stay: Record<string, unknown>;
  status?: number;
  headers?: HeadersInit;
  /** The form emptied (a message sent, say). */
  reset?: boolean;
  /** The page's form is no Conform form (a button): the reply carries no form result (`result: null`). */
  noForm?: boolean;
};

/** A refusal as one message (`says`), with its status and a 429's Retry-After. */
export function saysRefusal(error: AppError, extra: Record<string, unknown> = {}): Stay {
  return { ...says(error.message, error.status, extra), headers: retryAfter(error) };
}

/** A page whose buttons show one message (no Conform fields): `{ intent, result: null, error, ...extra }`. */
export function says(error: string, status = 400, extra: Record<string, unknown> = {}): Stay {
  return { stay: { error, ...extra }, status, noForm: true };
}

/**
 * Where a submission ends: back or on with a toast (`FormDone`), staying on the page with data (`Stay`), or a
 * Response the page builds itself (a cookie-setting redirect, a file).
 */
export type Done = FormDone | Stay | Response;

export type Intent<V, S extends z.ZodType, T> = {
  /** The intent's Zod schema, the same one the browser validated with (Conform parses the form with it). */
  schema: S | ((page: PageContext<V>) => S);
  /**
   * A plain form (buttons, a field or two, no Conform): its fields as sent through the schema (an empty field
   * stays ""), and bad input or a refusal is one message for the page (`says`) unless `invalid`/`refused` say.
   */
  plain?: true;
  /** The form as the schema reads it, when the page tidies it first (e.g. blank rows dropped). */
  tidy?: (formData: FormData) => FormData;
  /** The use case, given the parsed value; an AppError it throws is the submission's refusal. */
  run: (value: z.output<S>, page: PageContext<V>) => Promise<T>;
  /** Where a success goes, from the use case's result. */
  success: (result: T, page: PageContext<V>) => Done | Promise<Done>;
  /** Where a refusal goes, when not back to the form (its field, else a form error, with the error's status). */
  refused?: (error: AppError, page: PageContext<V>) => Done | Promise<Done>;
  /** A refusal's message in the page's words (e.g. a promo code's), when the use case's is not. */
  words?: (error: AppError) => string | null;
  /** Where an input the schema refuses goes (given its first message), when not back to the form (400). */
  invalid?: (page: PageContext<V>, message: string | undefined) => Done | Promise<Done>;
  /** The message when the use case's AppError carries none (docs/domain.md's default for the screen). */
  fallback?: string | ((page: PageContext<V>) => string);
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  /** The fields this form shows, when not all of the schema's: an error on another field becomes a form error. */
  shownFields?: string[];
  /** The intent is destructive: without `confirm=yes` the page asks this first (no JavaScript). */
  confirm?:
    | ConfirmQuestion
    | ((page: PageContext<V>, value: z.output<S>) => ConfirmQuestion | Promise<ConfirmQuestion>);
  /**
   * The page's data that rides with every reply of this form that stays on the page (e.g. which step it shows),
   * read after the use case ran (a refused login's bot check counts that failure).
   */
  also?: (page: PageContext<V>) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The intent the reply names, when the page tells its forms apart otherwise (e.g. `update:<key>`). */
  replyAs?: (page: PageContext<V>) => string;
};

/**
 * The page's forms by intent, each typed from its schema (the use case's result reaches `success` untyped: TypeScript
 * infers one type per form from the schema, not the result too).
 */
// biome-ignore lint/suspicious/noExplicitAny: each form's result differs; see above.
type Intents<V, I extends Record<string, z.ZodType>> = { [K in keyof I]: Intent<V, I[K], any> };

export type PageActionOptions<V, I extends Record<string, z.ZodType>> = {
  /** Who may post: a guard that throws (a redirect to sign in, a 403) or returns the viewer. */
  guard: (page: GuardContext) => Promise<V>;
  /** The page's forms by intent (the submit button's `intent` value); a page with one form answers it when no intent is posted. */
  intents: Intents<V, I>;
  /** The intent a submission that names none of them answers (a page whose main form posts no intent). */
  otherwise?: keyof I & string;
};

/** Guards for `pageAction` and `pageLoader`, the routes' usual ones (app/routes/_lib/guards.server.ts). */
export const anyone = async (): Promise<null> => null;
export const signedIn = ({ request, env }: { request: Request; env: Env }): Promise<Viewer> =>
  requireUser(request, env);
/** A signed-in viewer, a visitor sent to sign in and come back to `back` (a public page's forms). */
export const signedInBackTo =
  (back: (page: GuardContext) => string) =>
  async (page: GuardContext): Promise<Viewer> => {
    const viewer = await getViewer(page.request, page.env);
    if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(back(page))}`);
    return viewer;
  };
export const streamerOnly = ({ request, env }: { request: Request; env: Env }): Promise<Viewer> =>
  requireStreamer(request, env);
export const staffWith =
  (capability?: Parameters<typeof requireStaff>[2]) =>
  ({ request, env }: { request: Request; env: Env }): Promise<Viewer> =>
    requireStaff(request, env, capability);

/** The intent a form posted (its submit button's value), or "". */
export function postedIntent(formData: FormData): string {
  const value = formData.get("intent");
  return typeof value === "string" ? value : "";
}

function isStay(done: Done): done is Stay {
  return !(done instanceof Response) && "stay" in done;
}

/** A `Done` as the action's answer. */
function answer(env: Env, done: Done, name: string, submission: Submission<unknown> | null) {
  if (done instanceof Response) return done;
  if (isStay(done)) {
    const result =
      done.noForm || !submission ? null : replyTo(submission, done.reset ? { resetForm: true } : undefined);
    return data({ intent: name, result, ...done.stay } as PageFormReply, {
      status: done.status ?? 200,
      headers: done.headers,
    });
  }
  const { to, message, kind = "success", headers } = done;
  if (message === undefined) return redirect(to, { headers });
  return redirectWithToast(env, to, { kind, message }, headers);
}

/**
 * The one page action (as `jsonAction` is for the JSON API): the posted form, the guard, then the intent's Zod
 * schema through Conform (the same one the browser validated with), a destructive intent's question asked first
 * without JavaScript, the use case, and its outcome mapped one way: a success where `success` says (a redirect, so a
 * reload does not post again); a refusal (an AppError) back to the form, on its field or as a form error with its
 * status (4xx, a 429 with Retry-After), or where `refused` says. Every page action is built with it
 * (tests/architecture/page-actions.test.ts); replies go through `replyTo` (form-replies.test.ts).
 */
export function pageAction<V, I extends Record<string, z.ZodType>>(options: PageActionOptions<V, I>) {
  const names = Object.keys(options.intents);
  return async ({ request, context, params }: Args) => {
    const env = envOf(context);
    const formData = await request.formData().catch(() => null);
    if (!formData) return new Response("The request body must be form data", { status: 400 });
    const guarded = { request, env, params: params as Params, formData };
    const viewer = await options.guard(guarded);
    const page: PageContext<V> = { ...guarded, viewer, context };
    const posted = postedIntent(formData);
    // A page with one form answers it when the form posts no intent (or its own).
    const name = names.includes(posted)
      ? posted
      : (options.otherwise ?? (names.length === 1 && posted === "" ? (names[0] as string) : posted));
    const chosen = names.includes(name) ? options.intents[name as keyof I] : undefined;
    if (!chosen) {
      return data<PageFormReply>(
        { intent: name, result: { status: "error", error: { "": ["Unknown action"] } } },
        { status: 400 },
      );
    }
    const { hideFields, shownFields, fallback } = chosen;
    const replyName = chosen.replyAs ? chosen.replyAs(page) : name;
    const also = async () => (await chosen.also?.(page)) ?? {};
    const schema = typeof chosen.schema === "function" ? chosen.schema(page) : chosen.schema;
    if (chosen.plain) {
      // A plain form (buttons, a field or two; no Conform): the fields as sent, one message for the page.
      const parsed = schema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) {
        const message = firstIssue(parsed.error);
        return answer(env, chosen.invalid ? await chosen.invalid(page, message) : says(message), replyName, null);
      }
      const value = parsed.data as z.output<I[keyof I]>;
      const ask = typeof chosen.confirm === "function" ? await chosen.confirm(page, value) : chosen.confirm;
      const needed = ask ? confirmationNeeded(formData, ask.question, ask.yes) : null;
      if (needed) return data<PageFormReply>({ intent: "confirm", result: {}, ...needed });
      const settled = await settle(() => chosen.run(value, page));
      if (settled.ok) return answer(env, await chosen.success(settled.value, page), replyName, null);
      const refusal = chosen.refused ? await chosen.refused(settled.error, page) : saysRefusal(settled.error);
      return answer(env, refusal, replyName, null);
    }
    const submission = parseWithZod(chosen.tidy ? chosen.tidy(formData) : formData, { schema });
    if (submission.status !== "success") {
      if (chosen.invalid) {
        const first = Object.values(submission.error ?? {}).flat()[0] ?? undefined;
        return answer(env, await chosen.invalid(page, first), replyName, submission);
      }
      return data<PageFormReply>(
        { intent: replyName, result: replyTo(submission, { hideFields }), ...(await also()) },
        { status: 400 },
      );
    }
    const value = submission.value as z.output<I[keyof I]>;
    const ask = typeof chosen.confirm === "function" ? await chosen.confirm(page, value) : chosen.confirm;
    const needed = ask ? confirmationNeeded(formData, ask.question, ask.yes) : null;
    if (needed) return data<PageFormReply>({ intent: "confirm", result: {}, ...needed });
    const settled = await settle(() => chosen.run(value, page));
    if (settled.ok) return answer(env, await chosen.success(settled.value, page), replyName, submission);
    if (chosen.refused) return answer(env, await chosen.refused(settled.error, page), replyName, submission);
    const worded = chosen.words?.(settled.error);
    const error = worded
      ? Object.assign(Object.create(Object.getPrototypeOf(settled.error)), settled.error, { message: worded })
      : settled.error;
    const { failure, init } = formFailure(submission, error, {
      fallback: typeof fallback === "function" ? fallback(page) : fallback,
      hideFields,
      shownFields,
    });
    return data<PageFormReply>(
      {
        intent: replyName,
        result: failure.result,
        field: failure.field,
        message: failure.message,
        reason: failure.reason,
        ...(await also()),
      },
      init,
    );
  };
}

/**
 * The one page loader: the guard, then the read; a use case's AppError becomes the route's error page with its
 * status and message (403, 404...), for the route's error boundary, never a 500.
 */
export function pageLoader<V, T>(
  guard: (page: Omit<GuardContext, "formData">) => Promise<V>,
  load: (page: Omit<PageContext<V>, "formData">) => Promise<T>,
) {
  return async ({ request, context, params }: Args): Promise<T> => {
    const env = envOf(context);
    const page = { request, env, params: params as Params };
    const viewer = await guard(page);
    const settled = await settle(() => load({ ...page, viewer, context }));
    if (settled.ok) return settled.value;
    throw errorPage(settled.error);
  };
}

/** A refusal as the page's error page (its status and message), for an intent whose refusal leaves the page. */
export function refusedPage(error: AppError): never {
  throw errorPage(error);
}
