import type { InvoiceDocument } from "@/lib/schemas/invoice-content";
import { ciiXml } from "./cii";
import type { EinvoiceProfile } from "./codes";
import { buildModel, EinvoiceIncomplete, type EinvoiceGap } from "./model";
import { ublXml } from "./ubl";

export { EinvoiceIncomplete, type EinvoiceGap };

/** The e-invoice formats a customer may ask for (customer.einvoice_format, besides "none"). */
export const EINVOICE_FORMATS = ["facturx", "xrechnung", "ubl"] as const;
export type EinvoiceFormat = (typeof EINVOICE_FORMATS)[number];

const PROFILES: Record<EinvoiceFormat, EinvoiceProfile> = { facturx: "en16931", xrechnung: "xrechnung", ubl: "peppol" };

/**
 * An issued invoice's e-invoice XML in a format: "facturx" is the CII XML a Factur-X PDF
 * embeds (named factur-x.xml, as the standard names it), "xrechnung" the CII XML of the
 * German CIUS, "ubl" a Peppol BIS Billing 3.0 UBL document. Throws EinvoiceIncomplete,
 * naming the business terms missing, when the invoice lacks what the format requires
 * (e.g. the buyer reference BT-10 for XRechnung); `einvoiceGaps` tells beforehand.
 */
export function einvoiceXml(doc: InvoiceDocument, format: EinvoiceFormat): { xml: string; fileName: string; mimeType: string } {
  const safeNumber = doc.number.replace(/[^A-Za-z0-9._-]+/g, "-");
  switch (format) {
    case "facturx":
      return { xml: ciiXml(doc, "en16931"), fileName: "factur-x.xml", mimeType: "application/xml" };
    case "xrechnung":
      return { xml: ciiXml(doc, "xrechnung"), fileName: `${safeNumber}-xrechnung.xml`, mimeType: "application/xml" };
    case "ubl":
      return { xml: ublXml(doc), fileName: `${safeNumber}-ubl.xml`, mimeType: "application/xml" };
  }
}

/** What the invoice lacks for the format (an empty list when it has everything), without writing the XML. */
export function einvoiceGaps(doc: InvoiceDocument, format: EinvoiceFormat): EinvoiceGap[] {
  try {
    buildModel(doc, PROFILES[format]);
    return [];
  } catch (error) {
    if (error instanceof EinvoiceIncomplete) return error.missing;
    throw error;
  }
}
