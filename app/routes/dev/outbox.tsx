import { data } from "react-router";
import { outboxMessages } from "~/platform/email/email.server";
import { envOf } from "~/platform/http.server";
import type { Route } from "./+types/outbox";

export const meta = () => [{ title: "Email outbox (development) | Noobrd" }];

/**
 * The development email outbox: every message the app "sent" while EMAIL_PROVIDER is not "http".
 * `?to=address` filters. /dev/outbox.json answers the same as JSON (the browser tests read it).
 * Absent in production.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const to = new URL(request.url).searchParams.get("to") ?? undefined;
  const messages = await outboxMessages(env, to);
  if (!messages) throw data("Not found", { status: 404 });
  return { messages, to: to ?? null };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">Email outbox</h1>
      <p className="mt-2 text-sm text-zinc-400">
        Development only: messages are kept here instead of being sent.
        {loaderData.to ? ` Showing messages to ${loaderData.to}.` : ""}
      </p>
      <ol className="mt-6 flex flex-col gap-4">
        {loaderData.messages.map((message) => (
          <li key={message.id} className="rounded-xl border border-ink-700 bg-ink-900 p-5">
            <p className="text-xs text-zinc-400">
              {message.sentAt} · to {message.to}
            </p>
            <p className="mt-1 font-semibold">{message.subject}</p>
            <pre className="mt-3 whitespace-pre-wrap text-sm text-zinc-300">{message.text}</pre>
          </li>
        ))}
      </ol>
      {loaderData.messages.length === 0 ? <p className="mt-6 text-zinc-400">No messages yet.</p> : null}
    </main>
  );
}
