import { data, Form, redirect } from "react-router";
import { receiveTwitchDelivery, standInTwitchChannel } from "~/features/chat/index.server";
import { badRequest } from "~/lib/errors";
import { appOrigin } from "~/platform/env.server";
import { envOf } from "~/platform/http.server";
import { chatStandInOn, standInChatReplies, standInTwitchDelivery } from "~/platform/twitch/chat.server";
import { errorReply, settle } from "../_lib/form.server";
import type { Route } from "./+types/chat";

export const meta = () => [{ title: "Chat stand-in (development) | Noobrd" }];

/**
 * The development chat: type a line as a Twitch viewer in a streamer's channel (delivered to the real webhook path,
 * signed by the local Twitch) and read what the bot said. POST fields: platform, channel (the streamer's handle),
 * user, text, messageId (optional). Absent in production.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const channel = new URL(request.url).searchParams.get("channel") ?? "";
  const replies = await standInChatReplies(env, channel || undefined);
  if (!replies) throw data("Not found", { status: 404 });
  return { replies: replies.slice(-50), channel };
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = envOf(context);
  if (!chatStandInOn(env)) throw data("Not found", { status: 404 });
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "").trim();
  const [platform, channel, user, text] = ["platform", "channel", "user", "text"].map(field);
  const result = await settle(async () => {
    if (platform !== "twitch")
      throw badRequest("platform must be twitch (Discord's stand-in is not built yet)", "platform");
    if (!channel || !user || !text) throw badRequest("channel, user and text are required");
    const connection = await standInTwitchChannel(env, channel);
    const delivery = await standInTwitchDelivery(env, {
      broadcasterId: connection.channelId,
      broadcasterLogin: connection.channelName,
      user,
      text,
      messageId: field("messageId") || undefined,
    });
    if (!delivery) throw data("Not found", { status: 404 });
    return receiveTwitchDelivery(env, { ...delivery, origin: appOrigin(env, request) });
  });
  if (!result.ok) return errorReply(result.error);
  return redirect(`/dev/chat?channel=${encodeURIComponent(channel ?? "")}`);
}

export default function ChatStandIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Chat stand-in</h1>
      <p className="mt-2 text-sm text-zinc-400">
        Development only: type as a Twitch viewer in a streamer's channel; the line goes through the signed webhook.
      </p>
      <Form method="post" className="mt-6 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="platform" value="twitch" />
        <label className="flex flex-col text-sm">
          Channel (streamer's handle)
          <input name="channel" required defaultValue={loaderData.channel} className="input" />
        </label>
        <label className="flex flex-col text-sm">
          Viewer
          <input name="user" required className="input" />
        </label>
        <label className="flex flex-col text-sm sm:col-span-2">
          Line
          <input name="text" required placeholder="!join MyGamerTag" className="input" />
        </label>
        <button type="submit" className="btn-primary sm:col-span-2">
          Send
        </button>
      </Form>
      {actionData?.error ? <p role="alert">{actionData.error}</p> : null}
      <h2 className="mt-8 text-lg font-semibold">What the bot said</h2>
      <ol className="mt-3 flex flex-col gap-2" aria-label="Bot replies">
        {loaderData.replies.map((reply) => (
          <li key={`${reply.at}-${reply.text}`} className="rounded border border-ink-700 p-3 text-sm">
            <span className="text-xs text-zinc-500">
              {reply.at} · {reply.platform} #{reply.channel}
            </span>
            <p>{reply.text}</p>
          </li>
        ))}
      </ol>
      {loaderData.replies.length === 0 ? <p className="mt-3 text-zinc-400">Nothing said yet.</p> : null}
    </main>
  );
}
