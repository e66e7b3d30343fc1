import type { InvoiceDocument, InvoiceLine, InvoiceLineTax } from "@/lib/schemas/invoice-content";

/**
 * An issued invoice's frozen document for tests of what prints it: a German business, a
 * French buyer with a VAT id, a site, two rates (20 % and 5.5 %), line discounts, a document
 * allowance and a charge, a bank account. Override any field.
 */

export const STANDARD: InvoiceLineTax = { id: "tax-s", name: "VAT", category: "standard", percent_milli: 20_000, exemption_reason: null };
export const REDUCED: InvoiceLineTax = { id: "tax-r", name: "VAT", category: "reduced", percent_milli: 5_500, exemption_reason: null };

export function line(id: string, fields: Partial<InvoiceLine> = {}): InvoiceLine {
  return {
    id,
    price_item: null,
    name: `Line ${id}`,
    description: null,
    quantity: 1000,
    unit: "piece",
    unit_price: 10_000,
    unit_cost: 4_321,
    discount: null,
    tax: STANDARD,
    source: null,
    ...fields,
  };
}

export function invoice(fields: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: "invoice",
    number: "INV-2026-0007",
    issued: "2026-11-20",
    due: "2026-12-04",
    delivered: "2026-11-18",
    currency: "EUR",
    language: "en-US",
    title: "Heating renewal",
    notes: "Thank you for your business.",
    payment_terms: "Payable within 14 days without deduction.",
    buyer_reference: "REF-4711",
    purchase_order: "PO-2026-88",
    seller: {
      name: "Kowalski Heating",
      legal_name: "Kowalski Heating GmbH",
      tax_id: "DE123456789",
      registration: "HRB 98765 Berlin",
      phone: "+49 30 1234567",
      email: "office@kowalski.example",
      website: "kowalski.example",
      logo_file: null,
      line1: "Hauptstraße 5",
      line2: null,
      zip: "10115",
      city: "Berlin",
      state: null,
      country: "DE",
      bank: { iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
    },
    buyer: {
      name: "Atelier Lumière SARL",
      email: null,
      phone: null,
      line1: "12 rue des Lilas",
      line2: null,
      zip: "67000",
      city: "Strasbourg",
      state: null,
      country: "FR",
      vat_number: "FR40303265045",
    },
    site: { name: "Workshop", line1: "Rue de l’Église 3", line2: null, zip: "67100", city: "Strasbourg", state: null, country: "FR" },
    content: {
      sections: [
        {
          id: "s1",
          title: "Boiler",
          lines: [
            line("boiler", { name: "Condensing boiler 24 kW", description: "Wall-mounted, incl. flue kit", unit_price: 289_900, discount: { percent_milli: 10_000 } }),
            line("labour", { name: "Installation labour", quantity: 6_500, unit: "hour", unit_price: 6_800 }),
          ],
        },
        { id: "s2", title: "Extras", lines: [line("valves", { name: "Thermostatic valves", quantity: 4_000, unit_price: 3_450, tax: REDUCED, discount: { amount: 500 } })] },
      ],
      allowances: [
        { id: "a1", charge: false, reason: "Loyalty discount", amount: 5_000, tax: STANDARD },
        { id: "c1", charge: true, reason: "Call-out fee", amount: 3_500, tax: STANDARD },
      ],
    },
    prepayments: [],
    corrects: null,
    quote: "Q-2026-0042",
    ...fields,
  };
}

