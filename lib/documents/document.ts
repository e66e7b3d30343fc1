import { PDFDocument } from "pdf-lib";
import type { DocumentSeller } from "@/lib/schemas/quote-content";
import { drawFooters, drawLetterhead, drawWatermark } from "./blocks";
import { embedFonts } from "./fonts";
import { embedImage } from "./images";
import { COLORS, Flow } from "./layout";
import { sellerDetails, sellerLegalLines, type Translator } from "./parts";

/**
 * What every customer document starts and ends with: the PDF's properties (title, author,
 * language, fixed dates so that the same input gives the same bytes), the embedded fonts,
 * the DRAFT mark, the letterhead with the logo and the business, the short header of each
 * further page; at the end the footers with the business's legal details and page numbers.
 */

export type DocumentStart = {
  /** The document's name ("Quote Q-2026-0042"): the PDF's subject and each further page's header. */
  name: string;
  /** The PDF's title (the name, with the document's own title when it has one). */
  title: string;
  locale: string;
  t: Translator;
  seller: DocumentSeller;
  logo?: Uint8Array | null;
  /** The PDF's creation and modification date (a fixed instant of the document, never the clock). */
  at: Date;
  /** The DRAFT mark's word, drawn across every page; null for a final document. */
  draft: string | null;
};

export async function startDocument(start: DocumentStart): Promise<Flow> {
  const { seller, locale, t } = start;
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(pdf);
  pdf.setTitle(start.title, { showInWindowTitleBar: true });
  pdf.setAuthor(seller.legal_name || seller.name);
  pdf.setSubject(start.name);
  pdf.setLanguage(locale);
  pdf.setCreator("Craftdesk");
  pdf.setProducer("Craftdesk");
  if (!Number.isNaN(start.at.getTime())) {
    pdf.setCreationDate(start.at);
    pdf.setModificationDate(start.at);
  }
  const draft = start.draft;
  const flow = new Flow(pdf, fonts, draft ? (self, page) => drawWatermark(self, page, draft) : null);
  const logo = await embedImage(pdf, start.logo);
  drawLetterhead(flow, { logo, name: seller.name, details: sellerDetails(seller, locale, t) });
  flow.continuation = (page) => {
    page.text(`${start.name} · ${seller.name}`, page.left, page.y, page.style(8, { color: COLORS.muted }));
    page.down(18);
  };
  return flow;
}

/** The footers on every page, then the bytes. */
export function finishDocument(flow: Flow, { seller, locale, t }: Pick<DocumentStart, "seller" | "locale" | "t">): Promise<Uint8Array> {
  drawFooters(flow, { lines: sellerLegalLines(seller, locale, t), pageLabel: (page, pages) => t("document.page", { page, pages }) });
  return flow.pdf.save({ useObjectStreams: false });
}
