/** The packs feature: session packs a fan pays once and books with later (docs/domain.md "Session pack"). */

export { FanPacksSection, type FanPackView } from "./components/fan-packs-section";
export type { GigPackView } from "./components/gig-pack";
export { GigPack } from "./components/gig-pack";
export { PackOfferForm, type PackOfferFormView } from "./components/pack-offer-form";
export { PrepaidHistory } from "./components/prepaid-history";
export { PrepaidOfferForm } from "./components/prepaid-offer-form";
export { PACKS_COPY } from "./copy";
export { nextCreditValue, PACK_BOUNDS, packExpiry, packSaving, SEATS_PER_CREDIT, savingPercent } from "./rules";
export type { BuyPackDraft, PackOfferDraft } from "./schema";
export { buyPackSchema, packOfferSchema } from "./schema";
