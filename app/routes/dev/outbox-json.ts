import { outboxEnabled, readOutbox } from "~/platform/email/email.server";
import { envOf, jsonError } from "~/platform/http.server";
import type { Route } from "./+types/outbox-json";

/** GET /dev/outbox.json?to=address: the development outbox as JSON. Absent in production. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  if (!outboxEnabled(env)) return jsonError(404, "Not found");
  const to = new URL(request.url).searchParams.get("to") ?? undefined;
  return Response.json({ messages: await readOutbox(env.PRIVATE_FILES, { to, limit: 50 }) });
}
