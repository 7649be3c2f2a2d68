/** docs/domain.md's influencer messages for staff, and the success toasts. */
export const STAFF_STREAMER_COPY = {
  registerError: "Failed to register influencer",
  registered: "Influencer registered: the password set-up link is on its way",
  emailTaken: "Failed to register influencer: this email already has an account",
  usernameTaken: "Failed to register influencer: this username is taken",
  removeError: "Error removing the influencer",
  removed: "Influencer removed",
  removeConfirm: "Remove this influencer? Their gigs are archived, their future slots closed and their sessions ended.",
  hasPaidFuture:
    "Error removing the influencer: they have paid future bookings. Remove cleanly to cancel and refund them.",
  isLive: "Error removing the influencer: end their live session first",
  notFound: "Influencer not found",
  feeSaved: "Platform fee saved",
  landingShown: "Shown on the landing page",
  landingHidden: "Hidden from the landing page",
  removedReason: "The creator left Noobrd",
} as const;
