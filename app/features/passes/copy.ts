/** What the passes feature says (docs/domain.md, "Copy"). */
export const PASSES_COPY = {
  noOffer: "This streamer has no VIP pass on offer",
  ownPass: "You can't buy your own VIP pass",
  insufficientBalance: "Your wallet balance is too low for this pass",
  noUse: "You have no VIP pass place left for this streamer",
  placesRange: "A VIP pass holds 1 to 20 places",
  daysRange: "A VIP pass is valid for 7 to 365 days",
  passSaved: "VIP pass saved",
  passRemoved: "VIP pass no longer on offer",
  bought: "VIP pass bought: join any of this streamer's VIP queues with it",
  buyFailed: "The VIP pass could not be bought. Please try again.",
  /** A pass bought by card (ADR 040): what the buyer is told once the payment came. */
  boughtNotice: (places: number, streamer: string) =>
    `VIP pass bought: ${places} VIP place${places === 1 ? "" : "s"} with ${streamer}`,
  withdrawnNotice: (amount: string) =>
    `The VIP pass was no longer on offer when your card payment arrived: ${amount} is in your wallet`,
} as const;
