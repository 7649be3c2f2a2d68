/** The messages feature's server side: what other features, routes and the Worker may use of it. */
export { deliverDueMessages, deliverMessages } from "./deliver.server";
export { setMessageTemplates } from "./templates.server";
