import { data, Form } from "react-router";
import { AuthCard, primaryButton } from "~/features/auth";
import { assertUnsubscribeLink, unsubscribe } from "~/features/profile/index.server";
import { z } from "~/lib/zod";
import { envOf } from "~/platform/http.server";
import { settle } from "~/routes/_lib/form.server";
import { anyone, pageAction } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/unsubscribe";

export const meta = () => [{ title: "Unsubscribe | Noobrd" }];

const emailParam = z.string().trim().toLowerCase().email();

function parseEmail(value: string | undefined) {
  const email = emailParam.safeParse(value);
  if (!email.success) throw new Response("Not a valid email address", { status: 400, statusText: "Bad Request" });
  return email.data;
}

/** The signed link (`?sig=`) opens the page; an unsigned or wrong one says so (403) and offers nothing. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const email = parseEmail(params.email);
  const sig = new URL(request.url).searchParams.get("sig");
  const checked = await settle(assertUnsubscribeLink(envOf(context), email, sig));
  if (!checked.ok) throw data(checked.error.message, { status: checked.error.status, statusText: "Forbidden" });
  return { email, sig, done: false };
}

/** A button, not the GET itself, unsubscribes: mail scanners open links. Also takes one-click List-Unsubscribe POSTs. */
export const action = pageAction({
  guard: anyone,
  intents: {
    unsubscribe: {
      schema: z.object({ sig: z.string().optional() }),
      plain: true,
      run: (value, { env, params, request }) =>
        unsubscribe(env, parseEmail(params.email), value.sig ?? new URL(request.url).searchParams.get("sig")),
      success: (_, { params }) => ({ stay: { email: parseEmail(params.email), done: true }, noForm: true }),
      // A bad or forged link is the page's refusal, not a form's.
      refused: (error) => {
        throw data(error.message, { status: error.status, statusText: "Forbidden" });
      },
    },
  },
  otherwise: "unsubscribe",
});

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const done = (actionData as { done?: boolean } | undefined)?.done ?? false;
  return (
    <AuthCard title={done ? "You are unsubscribed" : "Unsubscribe from Noobrd emails"}>
      {done ? (
        <p role="status" className="text-sm text-zinc-300">
          {loaderData.email} will no longer receive optional emails such as promotions. We still send security emails
          you ask for, like verification codes and password resets.
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="sig" value={loaderData.sig ?? ""} />
          <p className="text-sm text-zinc-300">Stop optional emails to {loaderData.email}?</p>
          <button type="submit" className={primaryButton}>
            Unsubscribe
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
