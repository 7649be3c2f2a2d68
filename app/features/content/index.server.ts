/** The content feature's server side: what other features, routes and the Worker may use of it. */
export {
  allLegalForStaff,
  deleteFaq,
  legalForEditor,
  listContactSubmissions,
  listFaqsForStaff,
  markSubmissionHandled,
  moveFaq,
  saveFaq,
  saveLegalDocument,
  saveLegalFromApi,
} from "./admin.server";
export { submitContactForm } from "./contact.server";
export { getLegalContent, getLegalDocument, getPage, listFaqs } from "./content.server";
