/** The alerts feature: what pages may use of it (server-only parts in index.server.ts). */
export { PushSubscribe } from "./components/push-subscribe";
export { pushSubscriptionSchema, pushUnsubscribeSchema } from "./schema";
