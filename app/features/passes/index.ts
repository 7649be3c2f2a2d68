/** The passes feature: VIP passes a fan pays once and joins a streamer's VIP queues with later (docs/domain.md "VIP pass"). */

export { FanPassesSection, type FanPassView } from "./components/fan-passes-section";
export { PassOfferForm, type PassOfferFormView } from "./components/pass-offer-form";
export { StarPassCard, type StarPassView } from "./components/star-pass";
export { PASSES_COPY } from "./copy";
export { PASS_BOUNDS } from "./rules";
export type { PassOfferDraft } from "./schema";
export { passOfferSchema } from "./schema";
