/** The live feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { LiveRoom } from "./components/live-room";
export { PlaceLabel } from "./components/public-queue-list";
export { QueueBoard } from "./components/queue-board";
export { ReadyLinkPage } from "./components/ready-link-page";
export { ShareModal } from "./components/share-modal";
export { StepperForm } from "./components/stepper-form";
export { TurnRulesForm } from "./components/turn-rules-form";
export { LIVE_COPY } from "./copy";
export type { AckPayload, OverlayPayload, OverlayPlace } from "./events";
export { LIVE_EVENTS } from "./events";
export { firstRowsOfLanes, LANE_ROWS_SHOWN, QUEUE_LANES, wholeLanesOf } from "./lanes";
export type { QueueLane } from "./schema";
export {
  entryIdSchema,
  goLiveSchema,
  liveDetailsSchema,
  lobbyCodeSchema,
  pageJoinSchema,
  partySchema,
  readyLinkSchema,
  regularJoinSchema,
  serveSchema,
  sessionIdSchema,
  streamingLinkSchema,
  turnRulesSchema,
  vipJoinSchema,
} from "./schema";
export type { Step, StepErrors } from "./stepper";
export { checkStep, EMPTY_VALUES, isStep, resetAfter, STEPS, stepIndex, valuesFromForm } from "./stepper";
export { normaliseStreamingLink, parentHostsFor } from "./streaming-link";
