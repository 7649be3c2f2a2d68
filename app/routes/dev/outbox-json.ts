import { outboxMessages } from "~/platform/email/email.server";
import { envOf, jsonError } from "~/platform/http.server";
import type { Route } from "./+types/outbox-json";

/** GET /dev/outbox.json?to=address: the development outbox as JSON. Absent in production. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const messages = await outboxMessages(env, new URL(request.url).searchParams.get("to") ?? undefined);
  if (!messages) return jsonError(404, "Not found");
  return Response.json({ messages });
}
