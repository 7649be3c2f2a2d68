/** The reliability feature: a streamer's record in public (docs/domain.md "Reliability"). */
export { ReliabilityCard } from "./components/reliability-card";
export type { Reliability } from "./rules";
export { MIN_SAMPLE, ON_TIME_GRACE_MS, RECENT_SESSIONS, reliabilityOf, startedOnTime } from "./rules";
