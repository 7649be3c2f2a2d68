import { envOf, jsonError } from "~/platform/http.server";
import { standInChatReplies } from "~/platform/twitch/chat.server";
import type { Route } from "./+types/chat-json";

/** GET /dev/chat.json?channel=handle: what the bot said, `{ replies: [{ platform, channel, text, at }] }`. Absent in production. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const replies = await standInChatReplies(
    envOf(context),
    new URL(request.url).searchParams.get("channel") ?? undefined,
  );
  if (!replies) return jsonError(404, "Not found");
  return Response.json({ replies });
}
