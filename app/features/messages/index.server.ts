/** The messages feature's server side: what other features, routes and the Worker may use of it. */

export { archiveSentMessages, SENT_MESSAGES_KEPT_DAYS, sentMessagesSource } from "./archive.server";
export { deliverDueMessages, deliverMessages } from "./deliver.server";
export { setMessageTemplates } from "./templates.server";
