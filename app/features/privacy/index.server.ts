/** The privacy feature's server side: a person's data export (and, later, closing the account). */
export { DATA_EXPORT_KINDS, type DataExport, type DataExportKind, exportMyData } from "./export.server";
