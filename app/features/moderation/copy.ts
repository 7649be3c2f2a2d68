/** docs/domain.md's moderation messages, and the success toasts of the staff screens. */
export const MODERATION_COPY = {
  markReviewedError: "Error marking users reviewed",
  banError: "Error banning users",
  banConfirm: "Ban the chosen accounts? They are signed out everywhere at once.",
  unbanError: "Error in unban users",
  reviewed: "Marked as reviewed",
  banned: "Users banned",
  unbanned: "Users unbanned",
  chooseReports: "Choose at least one report",
  chooseBans: "Choose at least one banned user",
  noLongerPending: "Those reports were already decided",
  noLongerBanned: "Those users are no longer banned",
  tooMany: "Choose at most 200 at a time",
} as const;
