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

/** Account messages (SPEC.md sections 4 and 8 where it words them; ours where it is silent). */
export const AUTH_MESSAGES = {
  verified: "Verify successfully",
  invalidCredentials: "Invalid email or password",
  unverified: "Please verify your email before logging in. We can send you a new link.",
  banned: "Your account has been banned.",
  emailTaken: "An account with this email already exists",
  usernameTaken: "This username is taken",
  linkInvalid: "This link is invalid or has expired.",
  codeInvalid: "The code is invalid or has expired.",
  resetSent: "If an account exists for that email, we have sent a link to reset the password.",
  verificationSent: "If that account still needs verifying, we have sent a new verification email.",
  passwordUpdated: "Password updated successfully",
  userNotFound: "User not found",
  loginRequired: "Please log in to continue",
  emailChangeSent: "We sent a code to your new email address.",
  emailChanged: "Email updated successfully",
  changeEmailError: "Error in changing email. Please try again later.",
} as const;

/** Profile messages (SPEC.md section 8 where it words them). */
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
