import { receiveDiscordInteraction } from "~/features/chat/index.server";
import { isAppError } from "~/lib/errors";
import { appOrigin } from "~/platform/env.server";
import { envOf, jsonError } from "~/platform/http.server";
import type { Route } from "./+types/discord-interactions";

/**
 * POST /api/chat/discord: Discord's interactions endpoint (PING, the queue's slash commands). Not a same-origin
 * call; the raw body is verified before it is read (401 for a bad, missing, stale or replayed signature, as Discord
 * asks). Answers JSON: PONG, a reply, or a deferred reply whose answer follows through Discord's API.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const env = envOf(context);
  try {
    const answer = await receiveDiscordInteraction(env, {
      headers: request.headers,
      body: await request.text(),
      origin: appOrigin(env, request),
    });
    return Response.json(answer.body);
  } catch (thrown) {
    if (isAppError(thrown)) return jsonError(thrown.status, thrown.message);
    throw thrown;
  }
}

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
