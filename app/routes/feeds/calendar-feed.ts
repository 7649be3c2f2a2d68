import { calendarFeed, keyOfFeedFile } from "~/features/calendar-feed/index.server";
import { envOf, publicOrigin } from "~/platform/http.server";
import { settle } from "~/routes/_lib/form.server";
import type { Route } from "./+types/calendar-feed";

/**
 * /calendar-feed/<key>.ics: a user's private calendar subscription (no login: the key is the credential).
 * An unknown, forged or replaced key is a plain 404, with nothing cached on the way.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const key = keyOfFeedFile(params.file);
  const notFound = () =>
    new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });
  if (!key) return notFound();
  const body = await settle(calendarFeed(env, key, { origin: publicOrigin(request, env), now: new Date() }));
  if (!body.ok && body.error.status === 404) return notFound();
  if (!body.ok) throw body.error;
  return new Response(body.value, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="noobrd.ics"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}
