/** Closing an account: the page's state, the request (password or emailed code), the erasure job, staff's list. */
export { type ClosureStatus, closureStatus, requestClosure, sendClosureCode } from "./closure.server";
export { type ErasureRun, eraseDueAccounts } from "./erase.server";
export { listAccountClosures } from "./staff.server";
