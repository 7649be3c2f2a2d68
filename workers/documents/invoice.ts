import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { DocumentRow, InvoiceFacts } from "../../app/platform/documents.server";

/** Keeps what the standard (WinAnsi) fonts can draw; anything else becomes "?". */
function drawable(text: string): string {
  return text.replaceAll("–", "-").replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");
}

const INK = rgb(0.1, 0.1, 0.12);
const A4: [number, number] = [595.28, 841.89];
const LEFT = 50;
const RIGHT_EDGE = 545;
/** Where the second of the two party blocks starts. */
const SECOND_COLUMN = 320;

/** A cursor down one page: text at x, rows with a flush-right value, gaps. */
function pen(page: PDFPage, regular: PDFFont, bold: PDFFont) {
  let y = 790;
  const write = (text: string, x: number, font: PDFFont, size: number) => {
    page.drawText(drawable(text), { x, y, size, font, color: INK });
  };
  return {
    get y() {
      return y;
    },
    moveTo(next: number) {
      y = next;
    },
    skip(gap: number) {
      y -= gap;
    },
    line(text: string, options: { x?: number; strong?: boolean; size?: number; gap?: number } = {}) {
      write(text, options.x ?? LEFT, options.strong ? bold : regular, options.size ?? 10);
      y -= options.gap ?? 15;
    },
    row({ label, value, strong }: DocumentRow) {
      const font = strong ? bold : regular;
      write(label, LEFT, font, 10);
      write(value, RIGHT_EDGE - font.widthOfTextAtSize(drawable(value), 10), font, 10);
      y -= 16;
    },
  };
}

/** The invoice on one A4 page, in Helvetica: the facts as the page Worker wrote them, laid out. */
export async function invoicePdf(facts: InvoiceFacts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(facts.meta.title);
  pdf.setSubject(facts.meta.subject);
  pdf.setAuthor(facts.meta.author);
  pdf.setCreationDate(facts.meta.createdAt);
  const page = pdf.addPage(A4);
  const at = pen(page, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));

  at.line(facts.heading, { strong: true, size: 22, gap: 28 });
  facts.details.forEach((text, i) => {
    at.line(text, { gap: i === facts.details.length - 1 ? 26 : 15 });
  });

  const top = at.y;
  let lowest = top;
  for (const [i, party] of facts.parties.entries()) {
    const x = i === 0 ? LEFT : SECOND_COLUMN;
    at.moveTo(top);
    at.line(party.heading, { x, strong: true, size: 12 });
    for (const text of party.lines) at.line(text, { x });
    lowest = Math.min(lowest, at.y);
  }
  at.moveTo(Math.min(lowest, top - 75) - 20);

  at.line(facts.item.heading, { strong: true, size: 12, gap: 18 });
  for (const text of facts.item.lines) at.line(text);
  at.skip(14);

  for (const row of facts.amounts) at.row(row);
  if (facts.refunds) {
    at.skip(14);
    at.line(facts.refunds.heading, { strong: true, size: 12, gap: 18 });
    for (const row of facts.refunds.rows) at.row(row);
  }
  at.skip(20);
  for (const text of facts.footer) at.line(text, { size: 8 });
  return pdf.save();
}
