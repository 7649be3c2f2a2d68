/** The passes feature: VIP passes a fan pays once and joins a streamer's VIP queues with later (docs/domain.md "VIP pass"). */

export { FanPassesSection } from "./components/fan-passes-section";
export { PassOfferForm } from "./components/pass-offer-form";
export { StreamerPassCard } from "./components/star-pass";
export { PASSES_COPY } from "./copy";

export { passOfferSchema } from "./schema";
