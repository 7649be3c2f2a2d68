/** The onboarding feature's server side: what other features, routes and the Worker may use of it. */

export type { OnboardingFileKind } from "./onboarding.server";
export { getOwnOnboarding, ONBOARDING_FILE_KINDS, readOnboardingFile, submitOnboarding } from "./onboarding.server";
export { listOnboardingsForStaff, secretKeyRequired, streamerBankDetails, verifyOnboardings } from "./staff.server";
export { onboardingStatus } from "./status.server";
