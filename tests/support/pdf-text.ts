import { decodePDFRawStream, PDFArray, type PDFDocument, PDFRawStream } from "pdf-lib";

/**
 * The text drawn on a PDF's pages (the invoice, app/features/booking/invoice.server.ts): decodes each page's content
 * streams and the hex strings pdf-lib writes. Shared by the integration and browser tests.
 */
export function pdfText(pdf: PDFDocument): string {
  const chunks: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (stream instanceof PDFRawStream)
        chunks.push(new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode()));
    }
  }
  return chunks
    .join("\n")
    .replace(/<([0-9A-Fa-f]+)>\s*Tj/g, (_, hex: string) =>
      (hex.match(/../g) ?? []).map((h) => String.fromCharCode(Number.parseInt(h, 16))).join(""),
    );
}
