import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/money/format";
import { quoteTotals } from "@/lib/money/quote-totals";
import type { QuoteDocument, QuoteLine, QuoteLineTax } from "@/lib/schemas/quote-content";
import { pdfFonts, pdfPages, pdfText, solidPng } from "@/test/pdf";
import { renderQuotePdf } from "./quote-pdf";

const STANDARD: QuoteLineTax = { id: "tax-s", name: "VAT", category: "standard", percent_milli: 19_000, exemption_reason: null };
const REDUCED: QuoteLineTax = { id: "tax-r", name: "VAT", category: "reduced", percent_milli: 7_000, exemption_reason: null };

function line(id: string, fields: Partial<QuoteLine> = {}): QuoteLine {
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
    optional: false,
    selected: false,
    ...fields,
  };
}

function quote(fields: Partial<QuoteDocument> = {}): QuoteDocument {
  return {
    number: "Q-2026-0042",
    revision: 2,
    title: "Heating renewal",
    introduction: "Thank you for your enquiry. We are pleased to offer:",
    terms: "Payment within 14 days. Prices include installation.",
    issued: "2026-11-20",
    valid_until: "2026-12-20",
    currency: "EUR",
    language: "en-US",
    deposit: { percent_milli: 30_000 },
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
    },
    buyer: { name: "Zofia Łukasiewicz", email: null, phone: null, line1: "Dvořákova 12", line2: null, zip: "60200", city: "Brno", state: null, country: "CZ" },
    site: { name: "Holiday home", line1: "Rue de l’Église 3", line2: null, zip: "67000", city: "Strasbourg", state: null, country: "FR" },
    content: {
      options: [
        {
          id: "standard",
          name: "Standard",
          description: "A gas condensing boiler.",
          sections: [
            {
              id: "s1",
              title: "Boiler",
              lines: [
                line("boiler", { name: "Condensing boiler 24 kW", description: "Wall-mounted, incl. flue kit", unit_price: 289_900, discount: { percent_milli: 10_000 } }),
                line("labour", { name: "Installation labour", quantity: 6_500, unit: "hour", unit_price: 6_800 }),
              ],
            },
            {
              id: "s2",
              title: "Extras",
              lines: [
                line("valves", { name: "Thermostatic valves", quantity: 4_000, unit_price: 3_450, tax: REDUCED }),
                line("service", { name: "Annual service plan", unit_price: 19_900, optional: true, selected: false }),
              ],
            },
          ],
        },
        {
          id: "premium",
          name: "Premium",
          description: "A heat pump.",
          sections: [
            {
              id: "p1",
              title: "",
              lines: [
                line("pump", { name: "Air source heat pump", unit_price: 1_190_000, discount: { amount: 50_000 } }),
                line("smart", { name: "Smart thermostat", unit_price: 24_900, optional: true, selected: true }),
                line("buffer", { name: "Buffer tank", unit_price: 79_000, optional: true, selected: false }),
              ],
            },
          ],
        },
      ],
    },
    ...fields,
  };
}

const money = (amount: number, locale = "en-US") => plain(formatMoney(amount, "EUR", locale));
/** Extracted text with every kind of space as one plain space, as a reader compares it. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

describe("renderQuotePdf", () => {
  it("prints the quote's facts, lines, totals per rate, deposit and terms as real text", async () => {
    const document = quote();
    const text = plain(await pdfText(await renderQuotePdf({ document, status: "sent" })));
    for (const expected of [
      "Quote Q-2026-0042",
      "Heating renewal",
      "Thank you for your enquiry.",
      "Kowalski Heating GmbH",
      "Hauptstraße 5",
      "Tax ID: DE123456789",
      "Registration: HRB 98765 Berlin",
      "office@kowalski.example",
      "Zofia Łukasiewicz",
      "Dvořákova 12",
      "Czechia",
      "Rue de l’Église 3",
      "November 20, 2026",
      "December 20, 2026",
      "Option 1: Standard",
      "Option 2: Premium",
      "Condensing boiler 24 kW",
      "Wall-mounted, incl. flue kit",
      "6.5 hours",
      "Subtotal Boiler",
      "Optional, not included",
      "Optional, included",
      "Payment within 14 days.",
      "This quote is valid until December 20, 2026.",
      "Page 1 of",
    ])
      expect(text).toContain(expected);

    const [standard, premium] = quoteTotals(document.content, "EUR", document.deposit);
    expect(text).toContain(`Subtotal Boiler ${money(standard.sections[0].net)}`);
    for (const totals of [standard, premium]) {
      expect(text).toContain(`Total net ${money(totals.totals.net)}`);
      for (const group of totals.totals.groups) expect(text).toContain(money(group.tax));
      expect(text).toContain(`Total ${money(totals.totals.gross)}`);
      expect(text).toContain(`Deposit requested (30%) ${money(totals.deposit)}`);
    }
    expect(standard.totals.groups).toHaveLength(2);
    expect(text).toContain(`VAT 19% on ${money(standard.totals.groups[0].net)} ${money(standard.totals.groups[0].tax)}`);
    expect(text).toContain(`VAT 7% on ${money(standard.totals.groups[1].net)} ${money(standard.totals.groups[1].tax)}`);
    expect(text).toContain(`Total tax ${money(standard.totals.tax)}`);
    // The line's net after its 10 % discount: 2,899.00 × 0.9.
    expect(text).toContain(money(260_910));
    expect(text).toContain(`−${money(50_000)}`);
    // The cost is never printed; nor any status for a quote simply sent.
    expect(text).not.toContain(money(4_321));
    expect(text).not.toContain("43.21");
    expect(text).not.toMatch(/DRAFT|Status|chosen|declined/);
  });

  it("marks the chosen option, the declined ones and the ticked optional lines, and prints the signature", async () => {
    const document = quote();
    const choice = { option: "premium", optional_lines: ["buffer"] };
    const png = solidPng(300, 120);
    const bytes = await renderQuotePdf({
      document,
      status: "approved",
      choice,
      signature: { name: "Zofia Łukasiewicz", at: new Date("2026-11-25T14:05:00Z"), png },
      timeZone: "Europe/Berlin",
    });
    const text = plain(await pdfText(bytes));
    expect(text).toContain("Option 1: Standard — declined");
    expect(text).toContain("Option 2: Premium — chosen");
    expect(text).toContain("Status Approved");
    const premium = quoteTotals(document.content, "EUR", document.deposit, choice)[1];
    // The buffer tank is in, the smart thermostat (ticked by default) is not.
    expect(premium.totals.gross).not.toBe(quoteTotals(document.content, "EUR", document.deposit)[1].totals.gross);
    expect(text).toContain(`Total ${money(premium.totals.gross)}`);
    expect(text).toContain(`Deposit requested (30%) ${money(premium.deposit)}`);
    expect(text).toMatch(/☑ Optional, included Buffer tank/);
    expect(text).toMatch(/☐ Optional, not included Smart thermostat/);
    // A declined option asks no deposit.
    expect(text.match(/Deposit requested/g)).toHaveLength(1);
    expect(text).toContain("Accepted");
    expect(text).toContain("Option chosen: Premium");
    expect(text).toContain("Signed by Zofia Łukasiewicz");
    expect(text).toMatch(/on November 25, 2026 at 03:05 PM GMT\+1/);
    // The signature drawn (the unsigned quote has no picture).
    expect(await imageCount(bytes)).toBe(1);
    expect(await imageCount(await renderQuotePdf({ document }))).toBe(0);
  });

  it("speaks the document's language: German labels, dates and amounts", async () => {
    const document = quote({ language: "de-DE" });
    const text = plain(await pdfText(await renderQuotePdf({ document, draft: true })));
    const [standard] = quoteTotals(document.content, "EUR", document.deposit);
    for (const expected of [
      "Angebot Q-2026-0042",
      "Angebotsnummer",
      "Gültig bis",
      "20. Dezember 2026",
      "Variante 1: Standard",
      "Beschreibung",
      "Menge",
      "Einzelpreis",
      "6,5 Std.",
      "Zwischensumme Boiler",
      "Optional, nicht enthalten",
      `Summe netto ${money(standard.totals.net, "de-DE")}`,
      `VAT 19 % auf ${money(standard.totals.groups[0].net, "de-DE")}`,
      `Gesamtbetrag ${money(standard.totals.gross, "de-DE")}`,
      `Anzahlung (30 %) ${money(standard.deposit, "de-DE")}`,
      "Bedingungen",
      "USt-IdNr.: DE123456789",
      "Tschechien",
      "Seite 1 von",
      "ENTWURF",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("Quote");
  });

  it("flows a long quote over several pages with the column heads on each, and wraps long words", async () => {
    const long = "Supercalifragilisticexpialidocious".repeat(8);
    const lines = Array.from({ length: 300 }, (_, index) =>
      line(`l${index}`, { name: `Item number ${index + 1}`, description: index === 150 ? long : null, quantity: (index + 1) * 1000, unit_price: 1_234 }),
    );
    const document = quote({ content: { options: [{ id: "only", name: "Only", description: null, sections: [{ id: "s", title: "Materials", lines }] }] } });
    const pages = (await pdfPages(await renderQuotePdf({ document }))).map(plain);
    expect(pages.length).toBeGreaterThanOrEqual(5);
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length}`));
    // No line has a discount: no discount column.
    for (const page of pages.slice(0, -1)) expect(page).toContain("Description Quantity Unit price Tax Amount");
    for (const page of pages.slice(1)) expect(page).toContain("Quote Q-2026-0042 · Kowalski Heating");
    const all = pages.join(" ");
    for (const index of [1, 150, 300]) expect(all).toContain(`Item number ${index} `);
    // No line lost or printed twice across the breaks.
    expect(all.match(/Item number \d+ /g)).toHaveLength(300);
    // The long word is broken into pieces, all printed.
    expect(all.replace(/ /g, "")).toContain(long);
    const [totals] = quoteTotals(document.content, "EUR", document.deposit);
    expect(all).toContain(`Subtotal Materials ${money(totals.sections[0].net)}`);
    expect(all).toContain(`Total ${money(totals.totals.gross)}`);
    // Totals and terms come after the last line.
    expect(all.indexOf("Total net")).toBeGreaterThan(all.indexOf("Item number 300 "));
  });

  it("embeds its fonts (no standard-14 font) and is the same bytes for the same input", async () => {
    const document = quote({ language: "fr-FR" });
    const bytes = await renderQuotePdf({ document, logo: solidPng(300, 120) });
    const fonts = await pdfFonts(bytes);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of fonts) {
      expect(font.embedded).toBe(true);
      expect(font.baseFont).toMatch(/DejaVuSans/);
    }
    const text = plain(await pdfText(bytes));
    expect(text).toContain("Devis Q-2026-0042");
    expect(text).toContain("Total TTC");
    expect(text).toContain("Désignation");
    expect(Buffer.from(await renderQuotePdf({ document, logo: solidPng(300, 120) })).equals(Buffer.from(bytes))).toBe(true);
  });

  it("prints 0 % for exempt and reverse-charge lines, with the exemption's reason and the reverse-charge note", async () => {
    const exempt: QuoteLineTax = { id: "tax-e", name: "Exempt", category: "exempt", percent_milli: 0, exemption_reason: "§ 4 Nr. 11 UStG" };
    const reverse: QuoteLineTax = { id: "tax-rc", name: "Reverse charge", category: "reverse_charge", percent_milli: 19_000, exemption_reason: null };
    const document = quote({
      deposit: { amount: 10_000 },
      content: {
        options: [
          { id: "o", name: "Offer", description: null, sections: [{ id: "s", title: "", lines: [line("a", { tax: exempt }), line("b", { tax: reverse, unit_price: 20_000 })] }] },
        ],
      },
    });
    const text = plain(await pdfText(await renderQuotePdf({ document })));
    const [totals] = quoteTotals(document.content, "EUR", document.deposit);
    expect(totals.totals.tax).toBe(0);
    expect(text).toContain(`Exempt 0% on ${money(10_000)} ${money(0)}`);
    expect(text).toContain(`Reverse charge 0% on ${money(20_000)} ${money(0)}`);
    expect(text).toContain("Exempt from tax: § 4 Nr. 11 UStG");
    expect(text).toContain("Reverse charge: the customer accounts for the tax.");
    expect(text).toContain(`Total ${money(30_000)}`);
    expect(text).toContain(`Deposit requested ${money(10_000)}`);
    expect(text).not.toContain("19%");
  });

  it("prints a quote with one option and no number, deposit or validity as a plain offer", async () => {
    const document = quote({
      number: "",
      revision: 1,
      valid_until: null,
      deposit: null,
      terms: null,
      site: null,
      content: { options: [{ id: "o", name: "Offer", description: null, sections: [{ id: "s", title: "", lines: [line("a", { name: "Ærø ß ç ř ł €", description: "Cafe\u0301 (decomposed)", unit: "custom-unit" })] }] }] },
    });
    const text = plain(await pdfText(await renderQuotePdf({ document, logo: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]) })));
    expect(text).toContain("Quote");
    expect(text).toContain("Ærø ß ç ř ł €");
    expect(text).toContain("Café (decomposed)");
    expect(text).toContain("1 custom-unit");
    expect(text).not.toMatch(/Option 1|Deposit|Subtotal|valid until|Revision/);
  });
});

/** How many images the PDF draws (XObjects of subtype Image). */
async function imageCount(bytes: Uint8Array) {
  const { PDFDocument, PDFName, PDFRawStream } = await import("pdf-lib");
  const pdf = await PDFDocument.load(bytes);
  let count = 0;
  for (const [, object] of pdf.context.enumerateIndirectObjects())
    if (object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image")) count++;
  return count;
}
