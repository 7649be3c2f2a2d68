/** Content and contact messages (docs/domain.md, word for word). */
export const CONTENT_COPY = {
  contactSuccess: "Form submitted successfully!",
  contactError: "Error submitting form. Please try again later.",
  termsFetch: "Error fetching terms and conditions",
  termsUpdate: "Error updating terms and conditions",
  termsSaved: "Document saved",
  faqSaved: "FAQ saved",
  faqDeleted: "FAQ deleted",
  faqDeleteConfirm: "Delete this question from the public FAQ? This cannot be undone.",
  faqMoved: "FAQ order saved",
  faqNotFound: "FAQ not found",
  submissionHandled: "Marked as handled",
  submissionNotFound: "Submission not found or already handled",
} as const;
