/** The alerts feature's server side: web push with its email fallback, and what became of each alert. */
export {
  alertOutcomesOf,
  notifyLobbyCode,
  notifyTurn,
  pushPublicKey,
  sendAlert,
  sessionAlertOutcomes,
  sessionAlertsQuery,
  subscribePush,
  unsubscribePush,
} from "./alerts.server";
