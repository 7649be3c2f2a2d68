/** Content and contact messages (SPEC.md section 8, word for word). */
export const CONTENT_MESSAGES = {
  contactSuccess: "Form submitted successfully!",
  contactError: "Error submitting form. Please try again later.",
  termsFetch: "Error fetching terms and conditions",
} as const;
