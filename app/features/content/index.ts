/** The content feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export {
  faqIdSchema,
  faqMoveSchema,
  faqSchema,
  legalEditorSchema,
  legalUpdateSchema,
  submissionIdSchema,
  submissionsQuerySchema,
} from "./admin-schema";
export { DocumentPage } from "./components/document-page";
export { CONTENT_COPY } from "./copy";
export { pageToView, toLegalView } from "./legal";
export type { LegalType } from "./schema";
export { contactFormSchema, legalTypeSchema } from "./schema";
