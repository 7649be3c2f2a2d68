/** The packs feature: session packs a fan pays once and books with later (docs/domain.md "Session pack"). */

export { FanPacksSection } from "./components/fan-packs-section";

export { GigPack } from "./components/gig-pack";
export { PackOfferForm } from "./components/pack-offer-form";
export { PayWithForm } from "./components/pay-with-form";
export { PrepaidHistory } from "./components/prepaid-history";
export { PrepaidOfferForm } from "./components/prepaid-offer-form";
export { PACKS_COPY } from "./copy";
export { prepaidInvoicePath } from "./invoice-path";
export { packExpiry } from "./rules";

export type { BuyPackDraft } from "./schema";
export { buyPackSchema, packOfferSchema } from "./schema";
