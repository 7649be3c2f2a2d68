/** Closing an account: the page's state, the request (password or emailed code), the erasure job, staff's list. */
export { closureStatus, requestClosure, sendClosureCode } from "./closure.server";
export { eraseDueAccounts } from "./erase.server";
export { listAccountClosures } from "./staff.server";
