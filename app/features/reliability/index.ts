/** The reliability feature: a streamer's record in public (docs/domain.md "Reliability"). */
export { ReliabilityCard } from "./components/reliability-card";
