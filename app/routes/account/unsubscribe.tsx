import { Form } from "react-router";
import { z } from "zod";
import { AuthCard, primaryButton } from "~/features/auth/components/auth-card";
import { unsubscribe } from "~/features/profile/unsubscribe.server";
import { envOf } from "~/platform/http.server";
import type { Route } from "./+types/unsubscribe";

export const meta = () => [{ title: "Unsubscribe | Noobrd" }];

const emailParam = z.string().trim().toLowerCase().email();

export function loader({ params }: Route.LoaderArgs) {
  const email = emailParam.safeParse(params.email);
  if (!email.success) throw new Response("Not a valid email address", { status: 400, statusText: "Bad Request" });
  return { email: email.data, done: false };
}

/** A button, not the GET itself, unsubscribes: mail scanners open links. Also takes one-click List-Unsubscribe POSTs. */
export async function action({ params, context }: Route.ActionArgs) {
  const email = emailParam.safeParse(params.email);
  if (!email.success) throw new Response("Not a valid email address", { status: 400, statusText: "Bad Request" });
  await unsubscribe(envOf(context), email.data);
  return { email: email.data, done: true };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.done ?? false;
  return (
    <AuthCard title={done ? "You are unsubscribed" : "Unsubscribe from Noobrd emails"}>
      {done ? (
        <p role="status" className="text-sm text-zinc-300">
          {loaderData.email} will no longer receive optional emails such as promotions. We still send security emails
          you ask for, like verification codes and password resets.
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <p className="text-sm text-zinc-300">Stop optional emails to {loaderData.email}?</p>
          <button type="submit" className={primaryButton}>
            Unsubscribe
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
