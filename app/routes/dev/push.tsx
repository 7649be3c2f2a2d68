import { data } from "react-router";
import { envOf } from "~/platform/http.server";
import { standInPushes } from "~/platform/push/push.server";
import type { Route } from "./+types/push";

export const meta = () => [{ title: "Push stand-in (development) | Noobrd" }];

/**
 * The development push service: every web push the app "sent" while PUSH_PROVIDER is not "webpush", newest first,
 * with the browser endpoint it was for. Absent in production.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const pushes = await standInPushes(envOf(context));
  if (!pushes) throw data("Not found", { status: 404 });
  return { pushes };
}

export default function PushStandIn({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">Push stand-in</h1>
      <p className="mt-2 text-sm text-zinc-400">Development only: pushes are kept here instead of being sent.</p>
      <ol className="mt-6 flex flex-col gap-4">
        {loaderData.pushes.map((push) => (
          <li key={push.id} className="rounded-xl border border-ink-700 bg-ink-900 p-5">
            <p className="break-all text-xs text-zinc-400">
              {push.sentAt} · to {push.endpoint}
            </p>
            <p className="mt-1 font-semibold">{push.title}</p>
            <p className="mt-1 text-sm text-zinc-300">
              {push.body} ({push.url})
            </p>
          </li>
        ))}
      </ol>
      {loaderData.pushes.length === 0 ? <p className="mt-6 text-zinc-400">No pushes yet.</p> : null}
    </main>
  );
}
