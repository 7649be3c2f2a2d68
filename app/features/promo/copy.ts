/** docs/domain.md's promo-code messages for staff, and the success toasts. */
export const PROMO_ADMIN_COPY = {
  createError: "Error creating promo code",
  deleteError: "Error deleting promo code",
  updateError: "Error Updating promo code",
  created: "Promo code created",
  updated: "Promo code updated",
  deleted: "Promo code deleted",
  deleteConfirm: "Delete this promo code? Fans can no longer use it.",
  activated: "Promo code activated",
  deactivated: "Promo code deactivated",
  codeTaken: "Error creating promo code: this code already exists",
  usedCannotDelete: "Error deleting promo code: it has been used; deactivate it instead",
  notFound: "Promo code not found",
  noSuchStreamer: "No streamer has this username",
} as const;
