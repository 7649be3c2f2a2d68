/** The chat feature's server side: what routes, other features and the Worker may use of it. */
export { tellCalledChatFan } from "./called.server";
export {
  type ChatConnectionView,
  chatConnectionsOf,
  connectTwitchChannel,
  disconnectChat,
  setChatCommands,
  setDiscordModRole,
} from "./connections.server";
export { receiveDiscordInteraction } from "./discord.server";
export { discordConnectCode } from "./discord-proof.server";
export { runChatCommand } from "./handle.server";
export {
  linkChatIdentity,
  linkedIdentities,
  linkKnownChatIdentity,
} from "./identities.server";
export {
  type ChatChannel,
  type ChatReply,
  composeReplies,
  REPLIES_PER_WINDOW,
  replyPlan,
  sendsInWindow,
} from "./replies";
export { channelReplyState, sendChatMessage } from "./say.server";
export { standInChannel, standInChatConnection } from "./stand-in-connection.server";
export { receiveTwitchDelivery } from "./twitch.server";
