/**
 * An issued invoice as a PDF (pdf-lib, pure JavaScript): one A4 page per 40 lines with
 * the number, period, lines, totals and the seal, so a reader can check the PDF against
 * GET …/verify. The PDF is a rendering; the sealed record is the JSON (docs/billing.md).
 */
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { formatMoney } from "../ledger/currency";
import type { InvoiceView } from "./service";

const A4: [number, number] = [595.28, 841.89];
const LINES_PER_PAGE = 40;

/** The standard fonts speak WinAnsi: anything else is spelled in ASCII. */
function ascii(text: string): string {
  return text
    .replace(/→/g, "->")
    .replace(/[–—]/g, "-")
    .replace(/[^\x20-\x7e]/g, "?");
}

export async function renderInvoicePdf(invoice: InvoiceView, issuer: { name: string; slug: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.number ?? invoice.id}`);
  doc.setSubject(`Signet invoice for ${issuer.name}, period ${invoice.period}`);
  doc.setProducer("Signet");
  doc.setCreator("Signet");
  if (invoice.issuedAt) {
    doc.setCreationDate(new Date(invoice.issuedAt));
    doc.setModificationDate(new Date(invoice.issuedAt));
  }
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const pages = Math.max(1, Math.ceil(invoice.lines.length / LINES_PER_PAGE));
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage(A4);
    const [width, height] = A4;
    let y = height - 56;
    const text = (s: string, x: number, size = 10, f = font, color = rgb(0, 0, 0)) => page.drawText(ascii(s), { x, y, size, font: f, color });
    text("INVOICE", 48, 22, bold);
    text(`${invoice.number ?? "(open statement)"}`, width - 48 - bold.widthOfTextAtSize(ascii(invoice.number ?? "(open statement)"), 12), 12, bold);
    y -= 28;
    text(`${issuer.name} (${issuer.slug})`, 48, 11);
    y -= 16;
    text(`Period ${invoice.period.slice(0, 4)}-${invoice.period.slice(4)}  (${invoice.periodStart.slice(0, 10)} to ${invoice.periodEnd.slice(0, 10)}, end exclusive)`, 48, 10);
    y -= 14;
    text(`Status ${invoice.status}   Settlement ${invoice.settlement}   Issued ${invoice.issuedAt ?? "-"}`, 48, 10);
    y -= 14;
    if (invoice.supersedes) {
      text(`Corrects invoice ${invoice.supersedes}`, 48, 10);
      y -= 14;
    }
    y -= 10;
    page.drawRectangle({ x: 44, y: y - 4, width: width - 88, height: 18, color: rgb(0.92, 0.92, 0.95) });
    text("Category", 48, 10, bold);
    text("Description", 130, 10, bold);
    text("Outcome", 390, 10, bold);
    text("Amount", width - 48 - bold.widthOfTextAtSize("Amount", 10), 10, bold);
    y -= 20;
    for (const line of invoice.lines.slice(p * LINES_PER_PAGE, (p + 1) * LINES_PER_PAGE)) {
      text(line.category, 48, 9);
      text(line.memo.length > 48 ? `${line.memo.slice(0, 47)}...` : line.memo, 130, 9);
      text(line.outcome, 390, 9);
      const amount = money(line.amount);
      text(amount, width - 48 - font.widthOfTextAtSize(ascii(amount), 9), 9);
      y -= 14;
    }
    if (invoice.lines.length === 0) {
      text("No charges in this period.", 130, 9);
      y -= 14;
    }
    if (p === pages - 1) {
      y -= 8;
      page.drawLine({ start: { x: 300, y: y + 10 }, end: { x: width - 44, y: y + 10 }, thickness: 0.8, color: rgb(0.3, 0.3, 0.3) });
      for (const [label, value] of [
        ["Subtotal", invoice.subtotal],
        ["Settled from prepaid credit", invoice.settled],
        ["Unsettled (not a debt)", invoice.unsettled],
      ] as const) {
        text(label, 300, 10, label === "Subtotal" ? bold : font);
        const amount = money(value);
        text(amount, width - 48 - font.widthOfTextAtSize(ascii(amount), 10), 10, label === "Subtotal" ? bold : font);
        y -= 15;
      }
      y -= 20;
      text("Seal", 48, 11, bold);
      y -= 14;
      text(`selfHash   ${invoice.seal.selfHash ?? "-"}`, 48, 7.5, mono);
      y -= 11;
      text(`recordHash ${invoice.seal.recordHash ?? "-"}`, 48, 7.5, mono);
      y -= 11;
      text(`sealedAt   ${invoice.seal.sealedAt ?? "-"}`, 48, 7.5, mono);
      y -= 16;
      text("selfHash = SHA-256 of the invoice JSON (RFC 8785 canonical) without status, seal and supersededBy.", 48, 8, font, rgb(0.35, 0.35, 0.35));
      y -= 11;
      text(`Verify: GET /api/public/v1/invoices/${invoice.id}/verify`, 48, 8, font, rgb(0.35, 0.35, 0.35));
    }
    page.drawText(ascii(`Page ${p + 1} of ${pages}`), { x: width - 100, y: 30, size: 8, font, color: rgb(0.5, 0.5, 0.5) });
  }
  return doc.save({ useObjectStreams: false });
}
