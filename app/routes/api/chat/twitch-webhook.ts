import { receiveTwitchDelivery } from "~/features/chat/index.server";
import { isAppError } from "~/lib/errors";
import { appOrigin } from "~/platform/env.server";
import { envOf, jsonError } from "~/platform/http.server";
import type { Route } from "./+types/twitch-webhook";

/**
 * POST /api/chat/twitch: Twitch's EventSub webhook (channel.chat.message, the verification challenge, revocations).
 * Not a same-origin call; the raw body is verified before it is read (403 for a bad, missing or stale signature).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const env = envOf(context);
  try {
    const answer = await receiveTwitchDelivery(env, {
      headers: request.headers,
      body: await request.text(),
      origin: appOrigin(env, request),
    });
    if (answer.kind === "challenge")
      return new Response(answer.challenge, { headers: { "Content-Type": "text/plain" } });
    return new Response(null, { status: 204 });
  } catch (thrown) {
    if (isAppError(thrown)) return jsonError(thrown.status, thrown.message);
    throw thrown;
  }
}

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
