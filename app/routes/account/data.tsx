import { Form } from "react-router";
import { CLOSURE_COPY, closeAccountSchema } from "~/features/account-closure";
import { closureStatus, requestClosure, sendClosureCode } from "~/features/account-closure/index.server";
import { destroySession } from "~/features/auth/index.server";
import { formatWhen } from "~/features/time";
import { z } from "~/lib/zod";
import { envOf, publicOrigin } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { orErrorPage, refusalHeaders } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction, says, signedIn } from "~/routes/_lib/page-action.server";
import { viewerTimeZone } from "~/routes/_lib/viewer-zone.server";
import type { Route } from "./+types/data";

export const meta = () => [{ title: "Your data and your account | Noobrd" }];

/** A refused attempt's Retry-After (a 429's wait) reaches the browser with the page. */
export const headers = refusalHeaders;

/** /profile/data: "Download my data" and "Close my account". Signed-in only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireUser(request, env);
  return { closure: await orErrorPage(closureStatus(env, viewer)) };
}

type ActionData = { error?: string; handle?: string; message?: string };

/**
 * Closing the account: "send-code" emails a code (accounts without a password), "close" asks to close with the
 * password or that code. A closure signs the account out everywhere: the answer clears this browser's cookie too.
 */
/** The handle of the code sent, carried back so the page keeps asking for that code. */
const handleOf = (formData: FormData) => {
  const handle = formData.get("handle");
  return typeof handle === "string" ? handle : undefined;
};

export const action = pageAction({
  guard: signedIn,
  intents: {
    "send-code": {
      schema: z.object({}),
      plain: true,
      run: (_, { env, viewer, request }) => sendClosureCode(env, viewer, publicOrigin(request, env)),
      success: (sent) => ({ stay: { handle: sent.handle, message: CLOSURE_COPY.codeSent }, noForm: true }),
      refused: (error) => says(error.message, error.status),
    },
    close: {
      schema: closeAccountSchema,
      plain: true,
      run: async (value, { env, viewer, request, context }) => {
        const timeZone = await viewerTimeZone(request, context);
        const closed = await requestClosure(env, viewer, value, { origin: publicOrigin(request, env), timeZone });
        return { eraseAfter: closed.eraseAfter, timeZone };
      },
      success: async ({ eraseAfter, timeZone }: { eraseAfter: Date; timeZone: string }, { request, env }) =>
        redirectWithToast(
          env,
          "/",
          { kind: "success", message: CLOSURE_COPY.scheduled(formatWhen(eraseAfter, timeZone)) },
          { "Set-Cookie": await destroySession(request, env) },
        ),
      invalid: (page, message) => says(message ?? "Invalid request", 400, { handle: handleOf(page.formData) }),
      refused: (error, page) => says(error.message, error.status, { handle: handleOf(page.formData) }),
    },
  },
});

const linkClass =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500";
const secondaryLinkClass =
  "inline-flex min-h-11 items-center rounded-lg border border-ink-700 px-4 py-2 text-sm font-semibold hover:bg-ink-800";
const dangerClass =
  "inline-flex min-h-11 items-center self-start rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold hover:bg-red-600";
const inputClass = "w-full rounded-lg border border-ink-700 bg-ink-950 px-3 py-2";

export default function YourData({ loaderData, actionData }: Route.ComponentProps) {
  const { closure } = loaderData;
  const reply = actionData as ActionData | undefined;
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Your data and your account</h1>
      <section aria-labelledby="download-title" className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
        <h2 id="download-title" className="text-lg font-semibold">
          Download my data
        </h2>
        <p className="mt-2 text-sm text-zinc-400">
          Everything we hold about you: your profile and linked sign-ins, orders and refunds, bookings, wallet and
          credit entries, reviews, queue history, waitlists, notifications and what you agreed to (alerts, Discord,
          emails). The whole export is one JSON file; your orders and your wallet also come as spreadsheets (CSV), with
          times in your time zone.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href="/profile/data/export.json" className={linkClass} download>
            Download everything (JSON)
          </a>
          <a href="/profile/data/orders.csv" className={secondaryLinkClass} download>
            Orders (CSV)
          </a>
          <a href="/profile/data/wallet.csv" className={secondaryLinkClass} download>
            Wallet (CSV)
          </a>
        </div>
      </section>

      <section aria-labelledby="close-title" className="rounded-2xl border border-red-900 bg-ink-900 p-6">
        <h2 id="close-title" className="text-lg font-semibold">
          Close my account
        </h2>
        <p className="mt-2 text-sm text-zinc-400">
          You are signed out everywhere at once and have 14 days to change your mind: sign in, and your account stays
          open. After that we erase your name, email, gamer tags, picture and sign-ins. Your orders, payments, invoices
          and payouts are kept under an anonymous id for as long as tax law requires.
        </p>
        {reply?.error ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-800 bg-red-950 px-3 py-2 text-sm text-red-200">
            {reply.error}
          </p>
        ) : null}
        {reply?.message ? (
          <p role="status" className="mt-4 text-sm text-emerald-300">
            {reply.message}
          </p>
        ) : null}
        {closure.blockers.length > 0 ? (
          <div className="mt-4 text-sm" data-testid="closure-blockers">
            <p className="font-semibold">{CLOSURE_COPY.refusedIntro}</p>
            <ul className="mt-2 list-disc pl-5 text-zinc-300">
              {closure.blockers.map((blocker) => (
                <li key={blocker}>{blocker}</li>
              ))}
            </ul>
          </div>
        ) : closure.proof === "password" ? (
          <Form method="post" className="mt-4 flex flex-col gap-3">
            <label htmlFor="close-password" className="text-sm font-medium">
              Your password
            </label>
            <input
              id="close-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className={inputClass}
            />
            <button type="submit" name="intent" value="close" className={dangerClass}>
              Close my account
            </button>
          </Form>
        ) : reply?.handle ? (
          <Form method="post" className="mt-4 flex flex-col gap-3">
            <input type="hidden" name="handle" value={reply.handle} />
            <label htmlFor="close-code" className="text-sm font-medium">
              The 6-digit code we emailed you
            </label>
            <input
              id="close-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              required
              className={inputClass}
            />
            <button type="submit" name="intent" value="close" className={dangerClass}>
              Close my account
            </button>
          </Form>
        ) : (
          <Form method="post" className="mt-4">
            <p className="mb-3 text-sm text-zinc-400">
              Your account signs in with Discord or Google: confirm with a code.
            </p>
            <button type="submit" name="intent" value="send-code" className={secondaryLinkClass}>
              Email me a code
            </button>
          </Form>
        )}
      </section>
    </main>
  );
}
