/** What the packs feature says (docs/domain.md, "Copy"). */
export const PACKS_COPY = {
  noOffer: "This gig has no session pack on offer",
  ownPack: "You can't buy a pack of your own gig",
  gigNotFound: "Gig not found",
  packNotFound: "Pack not found",
  insufficientBalance: "Your wallet balance is too low for this pack",
  noCredit: "You have no pack credit left for this gig",
  creditOneSeat: "A pack credit books one seat: choose 1 player",
  creditNoPromo: "A promo code doesn't apply to a booking paid with a pack credit",
  pricedAboveSingles: "A pack must cost less than buying its sessions one by one",
  sessionsRange: "A pack holds 2 to 20 sessions",
  daysRange: "A pack is valid for 7 to 365 days",
  packSaved: "Session pack saved",
  packRemoved: "Session pack no longer on offer",
  bought: "Pack bought: its credits are ready to book",
  buyFailed: "The pack could not be bought. Please try again.",
  payWith: "Choose card or wallet",
  /** A pack bought by card (ADR 040): what the buyer is told once the payment came. */
  boughtNotice: (sessions: number, gigTitle: string) => `Session pack bought: ${sessions} sessions of ${gigTitle}`,
  withdrawnNotice: (amount: string) =>
    `The session pack was no longer on offer when your card payment arrived: ${amount} is in your wallet`,
  invoiceNotFound: "Invoice not found",
} as const;
