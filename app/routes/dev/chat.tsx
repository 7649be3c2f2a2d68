import { data, Form } from "react-router";
import {
  receiveDiscordInteraction,
  receiveTwitchDelivery,
  standInChannel,
  standInChatConnection,
} from "~/features/chat/index.server";
import { badRequest } from "~/lib/errors";
import { z } from "~/lib/zod";
import { standInDiscordInteraction, standInDiscordMessages } from "~/platform/discord/interactions.server";
import { appOrigin } from "~/platform/env.server";
import { envOf } from "~/platform/http.server";
import { chatStandInOn, standInChatReplies, standInTwitchDelivery } from "~/platform/twitch/chat.server";
import { pageAction, says } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/chat";

export const meta = () => [{ title: "Chat stand-in (development) | Noobrd" }];

/**
 * The development chat: type a line as a Twitch viewer in a streamer's channel (delivered to the real webhook path,
 * signed by the local Twitch) or as a member of their Discord server ("/join Tag": a slash command signed by the
 * local Discord's key pair), and read what the bot said and the DMs it sent. POST fields: platform (twitch or
 * discord), channel (the streamer's handle), user, text, messageId (optional, Twitch). Absent in production.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const channel = new URL(request.url).searchParams.get("channel") ?? "";
  const replies = await standInChatReplies(env);
  if (!replies) throw data("Not found", { status: 404 });
  const handle = channel.trim().toLowerCase();
  // The streamer's channel, their stand-in server and that server as the bot reads it once `/connect`ed.
  const server = handle ? await standInChannel(env, "discord", handle).catch(() => null) : null;
  const names = new Set([handle, `${handle}'s server`, ...(server ? [`server ${server.channelId}`] : [])]);
  const shown = handle ? replies.filter((reply) => names.has(reply.channel.toLowerCase())) : replies;
  const dms = (await standInDiscordMessages(env)) ?? [];
  return {
    replies: shown.slice(-50),
    dms: dms.slice(0, 20).map((dm) => ({ to: dm.discordUserId, text: dm.content, at: dm.sentAt })),
    channel,
  };
}

const sentText = z.string().optional();

export const action = pageAction({
  guard: async ({ env }) => {
    if (!chatStandInOn(env)) throw data("Not found", { status: 404 });
    return null;
  },
  intents: {
    send: {
      schema: z.object({ platform: sentText, channel: sentText, user: sentText, text: sentText, messageId: sentText }),
      plain: true,
      run: async (sent, { env, request }) => {
        const [platform, channel, user, text] = [sent.platform, sent.channel, sent.user, sent.text].map(
          (value) => value?.trim() ?? "",
        );
        const origin = appOrigin(env, request);
        if (platform !== "twitch" && platform !== "discord")
          throw badRequest("platform must be twitch or discord", "platform");
        if (!channel || !user || !text) throw badRequest("channel, user and text are required");
        if (platform === "discord") {
          // `/connect` goes to the streamer's stand-in server before it is connected; other commands connect it first.
          const connecting = /^\s*[/!]connect\b/i.test(text);
          const server = connecting
            ? await standInChannel(env, platform, channel)
            : await standInChatConnection(env, platform, channel);
          const owner = user.toLowerCase() === channel.toLowerCase();
          const interaction = await standInDiscordInteraction(env, { guildId: server.channelId, user, text, owner });
          if (interaction === null) throw data("Not found", { status: 404 });
          if (interaction === false) throw badRequest("In Discord, type a slash command: /join, /position, …", "text");
          return receiveDiscordInteraction(env, { ...interaction, origin });
        }
        const connection = await standInChatConnection(env, platform, channel);
        const delivery = await standInTwitchDelivery(env, {
          broadcasterId: connection.channelId,
          broadcasterLogin: connection.channelName,
          user,
          text,
          messageId: sent.messageId?.trim() || undefined,
        });
        if (!delivery) throw data("Not found", { status: 404 });
        return receiveTwitchDelivery(env, { ...delivery, origin });
      },
      success: (_, { formData }) => ({
        to: `/dev/chat?channel=${encodeURIComponent(String(formData.get("channel") ?? "").trim())}`,
      }),
      refused: (error) => says(error.message, error.status),
    },
  },
  otherwise: "send",
});

export default function ChatStandIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Chat stand-in</h1>
      <p className="mt-2 text-sm text-zinc-400">
        Development only: type as a Twitch viewer in a streamer's channel (the line goes through the signed webhook), or
        as a member of their Discord server (a slash command such as /join MyTag, signed like Discord's). In Discord,
        the viewer named like the streamer is the server's owner: their /connect with the code from the Chat page
        connects the server.
      </p>
      <Form method="post" className="mt-6 grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col text-sm">
          Platform
          <select name="platform" defaultValue="twitch" className="input">
            <option value="twitch">Twitch chat</option>
            <option value="discord">Discord server</option>
          </select>
        </label>
        <label className="flex flex-col text-sm">
          Channel (streamer's handle)
          <input name="channel" required defaultValue={loaderData.channel} className="input" />
        </label>
        <label className="flex flex-col text-sm">
          Viewer
          <input name="user" required className="input" />
        </label>
        <label className="flex flex-col text-sm">
          Line
          <input name="text" required placeholder="!join MyGamerTag" className="input" />
        </label>
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500 sm:col-span-2"
        >
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
      <h2 className="mt-8 text-lg font-semibold">Discord DMs</h2>
      <ol className="mt-3 flex flex-col gap-2" aria-label="Discord DMs">
        {loaderData.dms.map((dm) => (
          <li key={`${dm.at}-${dm.to}`} className="rounded border border-ink-700 p-3 text-sm">
            <span className="text-xs text-zinc-500">
              {dm.at} · to {dm.to}
            </span>
            <p>{dm.text}</p>
          </li>
        ))}
      </ol>
      {loaderData.dms.length === 0 ? <p className="mt-3 text-zinc-400">No DMs sent.</p> : null}
    </main>
  );
}
