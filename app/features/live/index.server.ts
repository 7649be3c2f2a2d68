/** The live feature's server side: what other features, routes and the Worker may use of it. */

export { type PlaceCalled, setCallHooks } from "./call-hooks.server";
export type { LiveBroadcast, LiveCommand, LiveCommandResult } from "./coordinator.server";
export {
  broadcastDue,
  closeLiveSockets,
  groupable,
  LIVE_GROUP_MAX,
  readBroadcast,
  runLiveCommand,
  runLiveCommandGroup,
  sendLiveCommand,
} from "./coordinator.server";
export { entryOwner, joinedPlace, laneEntries, liveRoom, placeOf, streamerQueue, viewerQueues } from "./reads.server";
export { nextReadyDeadline } from "./ready-check.server";
export { readyLinkOf, readyLinkState } from "./ready-link.server";
export { getLiveSession, goLive, streamerLiveSessions } from "./sessions.server";
export { videoDetailsFor } from "./video-details.server";
export { startVipCheckout } from "./vip.server";
export { vipRefundedNotice } from "./vip-messages.server";
export { vipQueueStep } from "./vip-step.server";
