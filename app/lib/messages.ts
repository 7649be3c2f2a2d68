/** User-facing messages of SPEC.md section 8, word for word. */
export const MESSAGES = {
  generic: "An unexpected error occurred",
  logoutConfirm: "Are you sure? Do you really want to log out?",
  loggedOut: "Successfully Logged Out",
  contactSuccess: "Form submitted successfully!",
  contactError: "Error submitting form. Please try again later.",
  termsFetch: "Error fetching terms and conditions",
  serverError: "Server error",
  tooManyRequests: "Too many requests. Please try again later.",
} as const;
