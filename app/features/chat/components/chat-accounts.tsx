import { Form } from "react-router";

/**
 * The fan's chat accounts on their profile: the Twitch and Discord identities linked to the account (so a !join in
 * Twitch and a /join in Discord are this account's one place), and the button that links Twitch (OAuth). Discord
 * links itself when the fan signs in with Discord after using a server's /join.
 */
export function ChatAccounts({ linked }: { linked: { platform: "twitch" | "discord"; displayName: string }[] }) {
  const twitch = linked.find((identity) => identity.platform === "twitch");
  const discord = linked.find((identity) => identity.platform === "discord");
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="text-zinc-300">
        Join streamers' queues from chat as this account: one place, whichever chat you type in.
      </p>
      <p data-testid="chat-twitch">
        Twitch: {twitch ? <strong>{twitch.displayName}</strong> : <span className="text-zinc-400">not linked</span>}
      </p>
      {twitch ? null : (
        <Form method="post" action="/profile/twitch">
          <button type="submit" className="btn-secondary">
            Link Twitch
          </button>
        </Form>
      )}
      <p data-testid="chat-discord">
        Discord:{" "}
        {discord ? (
          <strong>{discord.displayName}</strong>
        ) : (
          <span className="text-zinc-400">not linked (sign in with Discord after a /join to link it)</span>
        )}
      </p>
    </div>
  );
}
