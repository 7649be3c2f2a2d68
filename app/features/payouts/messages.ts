/** Payout and validation messages (docs/domain.md word for word where it has one). */
export const PAYOUT_MESSAGES = {
  createError: "Error creating payout",
  completeError: "Error marking payout complete",
  validationsError: "Error saving validations orders",
  created: "Payout created",
  updated: "Payout updated",
  removed: "Payout removed",
  activated: "Payout activated",
  completed: "Payout marked complete",
  spreadsheetReady: "Spreadsheet generated",
  statementError: "The payout is complete, but its statement could not be generated: generate it again",
  completedWithoutStatement: "Payout marked complete; its statement could not be generated yet: use Generate statement",
  validated: "Orders marked as played",
  notVerified: "This streamer's onboarding is not verified yet: payouts need verified bank details.",
  noOrders: "Choose at least one order",
  ordersNotPayable:
    "Some of these orders can no longer be paid out (refunded, not validated, outside the period, or already in another payout). Reload and try again.",
  mixedCurrencies: "Orders in different currencies cannot share a payout",
  notDraft: "Only a draft payout can be changed",
  notActive: "Only an active payout can be marked complete",
  notFound: "Payout not found",
  period: "The end of the period must be after its start",
} as const;
