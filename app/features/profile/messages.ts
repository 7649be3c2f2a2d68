/** Profile messages (SPEC.md section 8 where it words them, word for word). */
export const PROFILE_MESSAGES = {
  bioUpdated: "Bio updated successfully",
  bioError: "error while creating bio",
  socialUpdated: "Social links updated successfully",
  socialError: "Error updating social links",
  socialRemoved: "Social link removed",
  pictureUpdated: "Profile picture updated successfully",
  invalidImage: "Please select a valid image file",
  gamertagsUpdated: "Gamertags updated successfully",
  reported: "Thanks, our team will review this account.",
} as const;
