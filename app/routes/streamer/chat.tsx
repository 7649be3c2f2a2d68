import { Form, Link } from "react-router";
import { ConfirmStep } from "~/components/confirm";
import {
  CHAT_COPY,
  chatCommandsSchema,
  chatPlatformSchema,
  DISCORD_CONNECT_CODE_TTL_MS,
  discordRoleSchema,
} from "~/features/chat";
import {
  type ChatConnectionView,
  chatConnectionsOf,
  disconnectChat,
  discordConnectCode,
  setChatCommands,
  setDiscordModRole,
} from "~/features/chat/index.server";
import { askedToConfirm } from "~/lib/confirm";
import { CopyButton } from "~/lib/ui/copy-field";
import { discordInviteUrl } from "~/platform/discord/interactions.server";
import { envOf } from "~/platform/http.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import type { PageFormReply } from "~/routes/_lib/page-action.server";
import { pageAction, streamerOnly } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/chat";

export const meta = () => [{ title: "Chat | Noobrd" }];

const PAGE = "/influencer/chat";

/**
 * /influencer/chat: the streamer's Chat card (docs/domain.md "Chat places"): their Twitch channel (connected through
 * Twitch's OAuth) and Discord server (proven theirs by `/connect` with the page's code, typed in the server by its
 * owner or a manager; then its mod role), each with its commands on or off and its state, broken after a revocation
 * with how to mend it. Plain forms: JavaScript off works.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStreamer(request, env);
  return {
    connections: await chatConnectionsOf(env, viewer),
    discordCode: await discordConnectCode(env, viewer.id),
    discordInvite: discordInviteUrl(env),
  };
}

export const action = pageAction({
  guard: streamerOnly,
  intents: {
    discord: {
      schema: discordRoleSchema,
      run: (draft, { env, viewer }) => setDiscordModRole(env, viewer, draft),
      success: () => ({ to: PAGE, message: CHAT_COPY.discordRoleSaved }),
    },
    commands: {
      schema: chatCommandsSchema,
      run: ({ platform, on }, { env, viewer }) =>
        setChatCommands(env, viewer, platform, on === "on").then(() => on === "on"),
      success: (on) => ({ to: PAGE, message: CHAT_COPY.commandsSaved(on) }),
    },
    disconnect: {
      schema: chatPlatformSchema,
      run: ({ platform }, { env, viewer }) => disconnectChat(env, viewer, platform),
      success: () => ({ to: PAGE, message: CHAT_COPY.disconnected }),
      confirm: { question: "Disconnect? The bot stops answering there.", yes: "Yes, disconnect" },
    },
  },
});

function errorOf(reply: PageFormReply | undefined, intent: string) {
  if (reply?.intent !== intent || !reply.result?.error) return null;
  return Object.values(reply.result.error).flat()[0] ?? null;
}

function StateLine({ connection }: { connection: ChatConnectionView }) {
  if (connection.state === "broken")
    return (
      <p role="alert" className="text-sm text-red-300" data-testid={`chat-state-${connection.platform}`}>
        Broken: {connection.platform === "twitch" ? "Twitch" : "Discord"} stopped sending us chat
        {connection.brokenReason ? ` (${connection.brokenReason})` : ""}. Connect again to mend it.
      </p>
    );
  return (
    <p className="text-sm text-emerald-300" data-testid={`chat-state-${connection.platform}`}>
      Connected{connection.commandsOn ? ": commands on" : ": commands off (the bot stays silent)"}
    </p>
  );
}

function Controls({ connection, reply }: { connection: ChatConnectionView; reply: PageFormReply | undefined }) {
  const error = errorOf(reply, "commands") ?? errorOf(reply, "disconnect");
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post">
        <input type="hidden" name="intent" value="commands" />
        <input type="hidden" name="platform" value={connection.platform} />
        <input type="hidden" name="on" value={connection.commandsOn ? "off" : "on"} />
        <button type="submit" className="btn-secondary">
          {connection.commandsOn ? "Turn commands off" : "Turn commands on"}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="disconnect" />
        <input type="hidden" name="platform" value={connection.platform} />
        <button type="submit" className="btn-secondary">
          Disconnect
        </button>
      </Form>
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}

/** How a server is connected: the bot added, then `/connect` with this code typed there by a server manager. */
function DiscordSteps({ code, invite, connected }: { code: string; invite: string | null; connected: boolean }) {
  const hours = DISCORD_CONNECT_CODE_TTL_MS / 3_600_000;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <h3 className="font-semibold">{connected ? "Move to another server" : "Connect your server"}</h3>
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-zinc-300">
        <li>
          {invite ? (
            <a href={invite} className="text-brand-400 underline">
              Add our bot to your server
            </a>
          ) : (
            "Add our bot to your server (here, the local Discord stand-in is in every server)"
          )}
          .
        </li>
        <li>
          In that server, as its owner or with Manage Server, type:
          <CopyButton
            value={`/connect code:${code}`}
            ariaLabel="Copy the /connect command"
            said={{ copied: "Command copied", failed: "Could not copy: select the command and copy it" }}
          >
            <code
              className="mt-1 block min-w-0 flex-1 break-all rounded bg-ink-900 p-2 text-zinc-100"
              data-testid="discord-connect"
            >
              /connect code:{code}
            </code>
          </CopyButton>
          The code is yours and lasts {hours === 1 ? "an hour" : `${hours} hours`}; reload this page for a fresh one.
        </li>
      </ol>
    </div>
  );
}

export default function ChatPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as PageFormReply | undefined;
  const { twitch, discord } = loaderData.connections;
  const discordError = errorOf(reply, "discord");
  // A refused Discord form comes back as sent (JavaScript off too), else with the connected server's values.
  const sent =
    reply?.intent === "discord" ? (reply.result?.initialValue as Record<string, unknown> | undefined) : undefined;
  const sentValue = (name: string, fallback: string) => (sent ? String(sent[name] ?? "") : fallback);
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <Link to="/influencer/dashboard" className="text-sm text-brand-400">
        ← Dashboard
      </Link>
      <h1 className="text-3xl font-bold">Chat</h1>
      <p className="text-zinc-300">
        Fans join your live queue from chat: <code>!join</code> in Twitch, <code>/join</code> in Discord. Moderators may{" "}
        <code>!next</code> and <code>!remove</code>.
      </p>
      <ConfirmStep ask={askedToConfirm(actionData)} />
      <section className="flex flex-col gap-3 rounded-lg border border-ink-700 p-5" aria-labelledby="chat-twitch">
        <h2 id="chat-twitch" className="text-xl font-semibold">
          Twitch
        </h2>
        {twitch ? (
          <>
            <p>
              Channel <strong>#{twitch.channelName}</strong>
            </p>
            <StateLine connection={twitch} />
            <Controls connection={twitch} reply={reply} />
          </>
        ) : (
          <p className="text-sm text-zinc-400">Not connected.</p>
        )}
        <Form method="post" action="/influencer/chat/twitch">
          <button
            type="submit"
            className="min-h-11 self-start rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500"
          >
            {twitch ? "Connect Twitch again" : "Connect your Twitch channel"}
          </button>
        </Form>
        <p className="text-xs text-zinc-400">
          Twitch asks you to let our bot read and answer in your chat (channel:bot).
        </p>
      </section>
      <section className="flex flex-col gap-3 rounded-lg border border-ink-700 p-5" aria-labelledby="chat-discord">
        <h2 id="chat-discord" className="text-xl font-semibold">
          Discord
        </h2>
        {discord ? (
          <>
            <p>
              Server <strong>{discord.channelName}</strong>
              {discord.modRoleId ? ` · mod role ${discord.modRoleId}` : " · no mod role (admins only)"}
            </p>
            <StateLine connection={discord} />
            <Controls connection={discord} reply={reply} />
            <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <input type="hidden" name="intent" value="discord" />
              <label className="flex flex-1 flex-col text-sm">
                Mod role id (optional: its members may /next and /remove)
                <input
                  name="modRoleId"
                  inputMode="numeric"
                  defaultValue={sentValue("modRoleId", discord.modRoleId ?? "")}
                  className="input"
                />
              </label>
              <button type="submit" className="btn-secondary">
                Save mod role
              </button>
            </Form>
            {discordError ? <p role="alert">{discordError}</p> : null}
          </>
        ) : (
          <p className="text-sm text-zinc-400">Not connected.</p>
        )}
        <DiscordSteps code={loaderData.discordCode} invite={loaderData.discordInvite} connected={Boolean(discord)} />
      </section>
    </main>
  );
}
