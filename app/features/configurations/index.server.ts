/** The configurations feature's server side: what other features, routes and the Worker may use of it. */
export {
  addConfiguration,
  deleteConfiguration,
  getConfiguration,
  listConfigurations,
  saveSiteGate,
  siteGateState,
  updateConfiguration,
} from "./configurations.server";
