export const STREAMER_PROFILE_COPY = {
  /** docs/domain.md, word for word. */
  bioUpdated: "Bio updated successfully",
  bioError: "error while creating bio",
  fullNameRequired: "Please enter your full name",
  profession: "Pick a profession",
  streamerNameRequired: "Please enter the star's name",
  suggested: "Thanks! We will look into it.",
} as const;
