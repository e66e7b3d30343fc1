import type { InvoiceAllowance, InvoiceDocument, InvoiceLine, InvoiceLineTax } from "@/lib/schemas/invoice-content";

/**
 * Invoices as issued (InvoiceDocument), one per case the e-invoices must get right: three
 * tax rates, reverse charge, exemption, an intra-community supply, a deposit deducted,
 * allowances and charges, a credit note, a deposit invoice and a UK seller.
 */

export const TAX = {
  standard20: { id: "tax-20", name: "TVA 20 %", category: "standard", percent_milli: 20_000, exemption_reason: null },
  reduced10: { id: "tax-10", name: "TVA 10 %", category: "reduced", percent_milli: 10_000, exemption_reason: null },
  reduced55: { id: "tax-55", name: "TVA 5,5 %", category: "reduced", percent_milli: 5_500, exemption_reason: null },
  standard19: { id: "tax-19", name: "USt. 19 %", category: "standard", percent_milli: 19_000, exemption_reason: null },
  zero: { id: "tax-0", name: "Zero rated", category: "zero", percent_milli: 0, exemption_reason: null },
  exempt: { id: "tax-ex", name: "Exonéré", category: "exempt", percent_milli: 0, exemption_reason: "TVA non applicable, art. 293 B du CGI" },
  reverse: { id: "tax-rc", name: "Reverse charge", category: "reverse_charge", percent_milli: 0, exemption_reason: null },
  intraCommunity: { id: "tax-ic", name: "Intra-community", category: "intra_community", percent_milli: 0, exemption_reason: null },
} satisfies Record<string, InvoiceLineTax>;

let next = 0;
export function line(name: string, quantity: number, unitPrice: number, tax: InvoiceLineTax, extra: Partial<InvoiceLine> = {}): InvoiceLine {
  next += 1;
  return {
    id: `l${next}`,
    price_item: null,
    name,
    description: null,
    quantity,
    unit: "piece",
    unit_price: unitPrice,
    unit_cost: null,
    discount: null,
    tax,
    source: null,
    ...extra,
  };
}

export const allowance = (reason: string, amount: number, tax: InvoiceLineTax, charge = false): InvoiceAllowance => ({ id: `a${++next}`, charge, reason, amount, tax });

const noAddress = { line1: null, line2: null, zip: null, city: null, state: null, country: null };

export const FRENCH_SELLER: InvoiceDocument["seller"] = {
  name: "Atelier Dupont",
  legal_name: "Atelier Dupont SARL",
  line1: "12 rue des Artisans",
  line2: null,
  zip: "69002",
  city: "Lyon",
  state: null,
  country: "FR",
  tax_id: "FR40303265045",
  registration: "303265045",
  phone: "+33 4 72 00 00 00",
  email: "factures@atelier-dupont.fr",
  website: "https://atelier-dupont.fr",
  logo_file: null,
  bank: { iban: "FR7630006000011234567890189", bic: "AGRIFRPP" },
};

export const GERMAN_SELLER: InvoiceDocument["seller"] = {
  name: "Müller & Söhne Haustechnik",
  legal_name: "Müller & Söhne Haustechnik GmbH",
  line1: "Hauptstraße 5",
  line2: "Hinterhaus <2>",
  zip: "10115",
  city: "Berlin",
  state: null,
  country: "DE",
  tax_id: "DE136695976",
  registration: "HRB 12345",
  phone: "+49 30 1234567",
  email: "rechnung@mueller-haustechnik.de",
  website: null,
  logo_file: null,
  bank: { iban: "DE02120300000000202051", bic: "BYLADEM1001" },
};

export const UK_SELLER: InvoiceDocument["seller"] = {
  name: "Smith Joinery",
  legal_name: null,
  line1: "1 High Street",
  line2: null,
  zip: "SW1A 1AA",
  city: "London",
  state: null,
  country: "GB",
  tax_id: "GB123456789",
  registration: null,
  phone: "+44 20 7946 0000",
  email: "accounts@smith-joinery.co.uk",
  website: null,
  logo_file: null,
  bank: { account_number: "12345678", sort_code: "401276" },
};

/** A consumer: no VAT number, so no Peppol address (Peppol is for businesses). */
export const CONSUMER: InvoiceDocument["buyer"] = {
  name: "Marie Martin",
  line1: "3 place Bellecour",
  line2: null,
  zip: "69002",
  city: "Lyon",
  state: null,
  country: "FR",
  email: "marie.martin@example.fr",
  phone: null,
  vat_number: null,
};

const frenchBusiness: InvoiceDocument["buyer"] = {
  name: "SCI Les Tilleuls",
  line1: "3 place Bellecour",
  line2: null,
  zip: "69002",
  city: "Lyon",
  state: null,
  country: "FR",
  email: "compta@les-tilleuls.example.fr",
  phone: null,
  vat_number: "FR61954506077",
};

const germanBusiness: InvoiceDocument["buyer"] = {
  name: "Bauträger Nord GmbH",
  line1: "Am Hafen 1",
  line2: null,
  zip: "20457",
  city: "Hamburg",
  state: null,
  country: "DE",
  email: "eingangsrechnung@bautraeger-nord.de",
  phone: "+49 40 555555",
  vat_number: "DE811569869",
};

const belgianBusiness: InvoiceDocument["buyer"] = {
  name: "Construct & Co BV",
  line1: "Grote Markt 1",
  line2: null,
  zip: "2000",
  city: "Antwerpen",
  state: null,
  country: "BE",
  email: "invoices@construct.example.be",
  phone: null,
  vat_number: "BE0403019261",
};

function invoice(extra: Partial<InvoiceDocument>): InvoiceDocument {
  return {
    kind: "invoice",
    number: "INV-2026-0001",
    issued: "2026-03-02",
    due: "2026-03-16",
    delivered: "2026-02-27",
    currency: "EUR",
    language: "fr-FR",
    title: "Travaux",
    notes: null,
    payment_terms: "Payable sous 14 jours",
    buyer_reference: "REF-4711",
    purchase_order: null,
    seller: FRENCH_SELLER,
    buyer: frenchBusiness,
    site: null,
    content: { sections: [], allowances: [] },
    prepayments: [],
    corrects: null,
    quote: null,
    ...extra,
  };
}

export const threeRates = invoice({
  number: "INV-2026-0101",
  notes: 'Merci pour votre confiance & à bientôt — "Atelier" <Dupont>',
  content: {
    sections: [
      {
        id: "s1",
        title: "Rénovation",
        lines: [
          line("Pose de carrelage", 12_500, 4_250, TAX.standard20, { unit: "square_metre", description: "Salle de bain, 12,5 m²" }),
          line("Main d'œuvre", 7_500, 5_500, TAX.reduced10, { unit: "hour" }),
          line("Isolation des combles", 1_000, 189_990, TAX.reduced55, { unit: "flat" }),
          line("Vis inox", 3_000, 333, TAX.reduced55, { unit: "kilogram" }),
        ],
      },
    ],
    allowances: [],
  },
});

export const reverseCharge = invoice({
  number: "INV-2026-0102",
  seller: GERMAN_SELLER,
  language: "de-DE",
  buyer: germanBusiness,
  buyer_reference: "04011000-12345-34",
  payment_terms: "Zahlbar innerhalb von 14 Tagen",
  content: {
    sections: [
      {
        id: "s1",
        title: "",
        lines: [
          line("Elektroinstallation Rohbau (Bauleistung § 13b UStG)", 40_000, 6_500, TAX.reverse, { unit: "hour" }),
          line("Kabel NYM-J 3x1,5", 250_000, 89, TAX.reverse, { unit: "metre" }),
        ],
      },
    ],
    allowances: [],
  },
});

export const exempt = invoice({
  number: "INV-2026-0103",
  content: {
    sections: [{ id: "s1", title: "", lines: [line("Conseil en aménagement", 2_000, 6_000, TAX.exempt, { unit: "hour" }), line("Frais de dossier", 1_000, 2_500, TAX.exempt)] }],
    allowances: [],
  },
});

export const intraCommunity = invoice({
  number: "INV-2026-0104",
  language: "en-GB",
  buyer: belgianBusiness,
  site: { name: "Construct & Co site Gent", line1: "Korenmarkt 3", line2: null, zip: "9000", city: "Gent", state: null, country: "BE" },
  purchase_order: "PO-88",
  content: {
    sections: [{ id: "s1", title: "", lines: [line("Fenêtres sur mesure", 6_000, 48_000, TAX.intraCommunity), line("Quincaillerie", 20_000, 1_250, TAX.intraCommunity)] }],
    allowances: [],
  },
});

export const afterDeposit = invoice({
  number: "INV-2026-0106",
  quote: "Q-2026-0007",
  content: {
    sections: [
      { id: "s1", title: "Cuisine", lines: [line("Meubles de cuisine", 1_000, 800_000, TAX.standard20), line("Pose", 16_000, 5_500, TAX.reduced10, { unit: "hour" })] },
    ],
    allowances: [],
  },
  prepayments: [{ invoice: "inv-deposit", number: "INV-2026-0105", issued: "2026-02-01", amount: 317_040 }],
});

export const allowancesAndCharges = invoice({
  number: "INV-2026-0107",
  content: {
    sections: [
      {
        id: "s1",
        title: "",
        lines: [
          line("Peinture murs", 45_000, 2_200, TAX.standard20, { unit: "square_metre", discount: { percent_milli: 12_500 } }),
          line("Peinture plafond", 18_333, 2_650, TAX.standard20, { unit: "square_metre", discount: { amount: 1_999 } }),
          line("Enduit", 7_000, 1_875, TAX.reduced10, { unit: "kilogram", discount: { percent_milli: 5_000 } }),
          line("Échafaudage", 1_000, 15_000, TAX.reduced10, { unit: "day" }),
        ],
      },
    ],
    allowances: [allowance("Remise fidélité", 5_000, TAX.standard20), allowance("Frais de déplacement", 3_500, TAX.reduced10, true), allowance("Forfait déchets", 1_250, TAX.standard20, true)],
  },
});

export const creditNote = invoice({
  kind: "credit_note",
  number: "CN-2026-0001",
  issued: "2026-03-10",
  due: null,
  payment_terms: null,
  notes: "Avoir sur la facture INV-2026-0101 : vis non utilisées",
  corrects: { number: "INV-2026-0101", issued: "2026-03-02" },
  content: { sections: [{ id: "s1", title: "", lines: [line("Vis inox", 3_000, 333, TAX.reduced55, { unit: "kilogram" })] }], allowances: [] },
});

export const deposit = invoice({
  kind: "deposit",
  number: "INV-2026-0105",
  issued: "2026-02-01",
  due: "2026-02-15",
  delivered: null,
  quote: "Q-2026-0007",
  content: {
    sections: [{ id: "s1", title: "", lines: [line("Acompte 30 % (TVA 20 %)", 1_000, 240_000, TAX.standard20), line("Acompte 30 % (TVA 10 %)", 1_000, 26_400, TAX.reduced10)] }],
    allowances: [],
  },
});

export const ukZeroRated = invoice({
  number: "INV-2026-0108",
  currency: "GBP",
  language: "en-GB",
  seller: UK_SELLER,
  buyer: { ...noAddress, name: "Doe Lettings Ltd", line1: "2 Low Road", zip: "E1 6AN", city: "London", country: null, email: "jane@example.co.uk", phone: null, vat_number: "GB980780684" },
  payment_terms: "Payable within 30 days",
  content: { sections: [{ id: "s1", title: "", lines: [line("Kitchen cabinets", 2_000, 45_000, TAX.standard20), line("Children's safety gates", 1_000, 3_999, TAX.zero)] }], allowances: [] },
});

/** Every case by name; each is written in CII (EN 16931 and XRechnung where it can be one) and in UBL. */
export const CASES = { threeRates, reverseCharge, exempt, intraCommunity, afterDeposit, allowancesAndCharges, creditNote, deposit, ukZeroRated };
