/** The identifiers and code lists the e-invoices print (lib/einvoice/model.ts chooses among them). */

/** EN 16931 itself (Factur-X's EN 16931 profile), the German XRechnung CIUS, Peppol BIS Billing 3.0. */
export type EinvoiceProfile = "en16931" | "xrechnung" | "peppol";

export const GUIDELINES: Record<EinvoiceProfile, string> = {
  en16931: "urn:cen.eu:en16931:2017",
  xrechnung: "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0",
  peppol: "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",
};
/** BT-23, the business process: Peppol's billing process, which XRechnung sent over Peppol names too. */
export const PEPPOL_PROCESS = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

/** UN/ECE Recommendation 20 codes of the price units (lib/schemas/price-book-values.ts); anything else counts as one unit. */
export const UNIT_CODES: Record<string, string> = {
  hour: "HUR",
  piece: "H87",
  metre: "MTR",
  square_metre: "MTK",
  kilogram: "KGM",
  litre: "LTR",
  day: "DAY",
  flat: "LS",
};

/**
 * The electronic address scheme (EAS) of each country's VAT number, where the code list
 * has one. Elsewhere EN 16931 and XRechnung take an email address ("EM"); Peppol does not
 * (its code list has no EM, PEPPOL-EN16931-CL008), so a Peppol party needs a VAT number.
 */
export const VAT_SCHEMES: Record<string, string> = {
  AD: "9922", AL: "9923", AT: "9914", BA: "9924", BE: "9925", BG: "9926", CH: "9927", CY: "9928", CZ: "9929", DE: "9930",
  EE: "9931", EL: "9933", ES: "9920", FR: "9957", GB: "9932", GR: "9933", HR: "9934", HU: "9910", IE: "9935", LI: "9936",
  LT: "9937", LU: "9938", LV: "9939", MC: "9940", ME: "9941", MK: "9942", MT: "9943", NL: "9944", PL: "9945", PT: "9946",
  RO: "9947", RS: "9948", SI: "9949", SK: "9950", SM: "9951", TR: "9952", VA: "9953",
};
