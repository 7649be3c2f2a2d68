/** The alerts feature's server side: web push with its email fallback, and what became of each alert. */
export {
  notifyTurn,
  pushPublicKey,
  sendAlert,
  sessionAlertOutcomes,
  subscribePush,
  unsubscribePush,
} from "./alerts.server";
