/** The privacy feature's server side: a person's data export, and the closure rows every sign-in reads. */
export { CLOSURE_GRACE_DAYS, cancelPendingClosureStatement, latestClosure } from "./closure-state.server";
export { DATA_EXPORT_KINDS, exportMyData } from "./export.server";
