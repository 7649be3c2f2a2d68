/** Profile messages (docs/domain.md where it words them, word for word). */
export const PROFILE_COPY = {
  bioUpdated: "Bio updated successfully",
  bioError: "error while creating bio",
  socialUpdated: "Social links updated successfully",
  socialError: "Error updating social links",
  socialRemoved: "Social link removed",
  pictureUpdated: "Profile picture updated successfully",
  invalidImage: "Please select a valid image file",
  gamertagsUpdated: "Gamertags updated successfully",
  reported: "Thanks, our team will review this account.",
  reportSelf: "You cannot report yourself",
  reportUnknown: "User not found",
  reportStaff: "Staff accounts cannot be reported. Please use the contact form.",
  reportAgain: "You have already reported this account. Our team is reviewing it.",
  reportTooMany: "You have sent many reports recently. Please try again later.",
} as const;

export const UNSUBSCRIBE_COPY = {
  invalidLink: "This unsubscribe link is not valid. Please use the link in your latest email from Noobrd.",
} as const;
