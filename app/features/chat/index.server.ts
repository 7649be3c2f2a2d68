/** The chat feature's server side: what routes, other features and the Worker may use of it. */
export { type ChatCallOutcome, tellCalledChatFan } from "./called.server";
export {
  type ChatConnectionView,
  chatConnectionsOf,
  connectTwitchChannel,
  disconnectChat,
  proveDiscordServer,
  setChatCommands,
  setDiscordModRole,
} from "./connections.server";
export { type DiscordAnswer, receiveDiscordInteraction, slashCommand } from "./discord.server";
export { discordConnectCode } from "./discord-proof.server";
export { runChatCommand } from "./handle.server";
export {
  chatIdentityOf,
  chatViewerOf,
  linkChatIdentity,
  linkedIdentities,
  linkKnownChatIdentity,
} from "./identities.server";
export {
  type ChatChannel,
  type ChatReply,
  composeReplies,
  REPLIES_PER_WINDOW,
  REPLY_WINDOW_MS,
  replyPlan,
  sendsInWindow,
} from "./replies";
export { channelReplyState, sayInChannel, sendChatMessage } from "./say.server";
export { standInChannel, standInChatConnection } from "./stand-in-connection.server";
export { receiveTwitchDelivery, type TwitchAnswer } from "./twitch.server";
