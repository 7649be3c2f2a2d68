/** Gig messages: docs/domain.md word for word where they word them; ours where they are silent. */
export const GIG_COPY = {
  added: "Gig added successfully",
  updated: "Gig updated successfully",
  addFailed: "Failed to add gig",
  updateFailed: "Failed to update gig",
  archived: "Gig archived",
  archiveConfirm: (title: string, upcomingBookings = 0) =>
    `Archive "${title}"? Fans can no longer find or book it; you can restore it.${
      upcomingBookings > 0
        ? ` Its ${upcomingBookings} upcoming ${upcomingBookings === 1 ? "booking stays" : "bookings stay"}: those sessions still take place and fans keep their orders.`
        : ""
    }`,
  upcomingBookings: (n: number) => (n === 1 ? "1 upcoming booking" : `${n} upcoming bookings`),
  deleteConfirm: (title: string) => `Delete "${title}"? This cannot be undone.`,
  unarchived: "Gig restored",
  deleted: "Gig deleted",
  titleRequired: "Please enter a title",
  titleTooLong: "Title must be at most 66 characters",
  descriptionTooLong: "Description must be at most 3000 characters",
  gameRequired: "Please pick a game",
  modeRequired: "Please pick a mode",
  platformRequired: "Please pick a platform",
  modeNotOfGame: "Pick a mode of this game",
  platformNotOfGame: "Pick a platform this game runs on",
  priceFormat: "Enter a price with up to 2 decimals",
  priceMinUsd: "Price should be greater than $5",
  priceMinInr: "Price should be greater than ₹100",
  // The bounds are app/lib/price-bounds.ts PRICE_BOUNDS_MINOR (tests/integration/price-bounds.test.ts ties them).
  priceMaxUsd: "Price can be at most $1,000",
  priceMaxInr: "Price can be at most ₹1,00,000",
  requirements: "Please fill all the requirements",
  sessionMinutes: "A session lasts 5 to 480 minutes",
  invalidImage: "Please select a valid image file",
  imageTooLarge: "The image must be at most 5 MB",
  rateUnavailable: "The exchange rate is not available right now. Please try again later.",
  deleteHasBookings: "This gig has bookings, so it cannot be deleted. Archive it instead.",
  notFound: "Gig not found",
} as const;
