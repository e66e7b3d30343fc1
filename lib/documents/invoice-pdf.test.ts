import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/messages";
import { LOCALES } from "@/lib/i18n/locales";
import { formatMoney } from "@/lib/money/format";
import { invoiceTotals } from "@/lib/money/invoice-totals";
import type { InvoiceAllowance, InvoiceDocument, InvoiceLineTax } from "@/lib/schemas/invoice-content";
import { invoice, line, REDUCED, STANDARD } from "@/test/invoice-documents";
import { pdfFonts, pdfText, solidPng } from "@/test/pdf";
import { invoicePdf } from "./invoice-pdf";

const REVERSE: InvoiceLineTax = { id: "tax-rc", name: "Reverse charge", category: "reverse_charge", percent_milli: 0, exemption_reason: null };
const EXEMPT: InvoiceLineTax = { id: "tax-e", name: "Exempt", category: "exempt", percent_milli: 0, exemption_reason: "Article 261 4 4° CGI" };

/** Extracted text with every kind of space as one plain space, as a reader compares it. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");
const money = (amount: number, locale = "en-US") => plain(formatMoney(amount, "EUR", locale));
const textOf = async (bytes: Uint8Array) => plain(await pdfText(bytes));

describe("invoicePdf", () => {
  it("prints an invoice's parties, facts, lines, allowances, taxes per rate, amount due and payment details", async () => {
    const document = invoice();
    const bytes = await invoicePdf(document, { payUrl: "https://app.example/p/invoice/abcDEF123_-xyz" });
    const text = await textOf(bytes);
    for (const expected of [
      "Invoice INV-2026-0007",
      "Heating renewal",
      "Kowalski Heating GmbH",
      "Hauptstraße 5",
      "Tax ID: DE123456789",
      "Registration: HRB 98765 Berlin",
      "Atelier Lumière SARL",
      "VAT ID: FR40303265045",
      "DELIVER TO Workshop",
      "Rue de l’Église 3",
      "Invoice number INV-2026-0007",
      "Issue date November 20, 2026",
      "Due date December 4, 2026",
      "Delivery date November 18, 2026",
      "Your reference REF-4711",
      "Purchase order PO-2026-88",
      "Quote Q-2026-0042",
      "Description Quantity Unit price Discount Tax Amount",
      "Condensing boiler 24 kW",
      "6.5 hours",
      "10%",
      `−${money(500)}`,
      "5.5%",
      "Payable within 14 days without deduction.",
      "Account holder: Kowalski Heating GmbH",
      "IBAN: DE89 3704 0044 0532 0130 00",
      "BIC: COBADEFFXXX",
      "Pay online: https://app.example/p/invoice/abcDEF123_-xyz",
      "Notes Thank you for your business.",
      "Page 1 of ",
    ])
      expect(text).toContain(expected);

    const totals = invoiceTotals(document.content, "EUR", document.prepayments);
    expect(totals.groups).toHaveLength(2);
    expect(text).toContain(`Subtotal Boiler ${money(totals.sections[0].net)}`);
    expect(text).toContain(`Subtotal Extras ${money(totals.sections[1].net)}`);
    for (const [id, net] of Object.entries(totals.lineNets)) expect(text, id).toContain(money(net));
    expect(text).toContain(`Total of lines ${money(totals.lines)}`);
    expect(text).toContain(`Allowance: Loyalty discount (20%) −${money(5_000)}`);
    expect(text).toContain(`Charge: Call-out fee (20%) ${money(3_500)}`);
    expect(text).toContain(`Total net ${money(totals.net)}`);
    expect(text).toContain(`VAT 20% on ${money(totals.groups[0].net)} ${money(totals.groups[0].tax)}`);
    expect(text).toContain(`VAT 5.5% on ${money(totals.groups[1].net)} ${money(totals.groups[1].tax)}`);
    expect(text).toContain(`Total tax ${money(totals.tax)}`);
    expect(text).toContain(`Total ${money(totals.gross)}`);
    expect(text).toContain(`Amount due ${money(totals.due)}`);
    expect(totals.due).toBe(totals.gross);
    expect(text).toContain(`Please pay ${money(totals.due)} by December 4, 2026, quoting INV-2026-0007 as the reference.`);
    // The cost is never printed; no legal note is needed for standard rates; not a draft.
    expect(text).not.toContain(money(4_321));
    expect(text).not.toContain("43.21");
    expect(text).not.toMatch(/DRAFT|Reverse charge|Supplier’s VAT ID/);

    // The pay link is a link a reader opens.
    expect(await linkTargets(bytes)).toEqual(["https://app.example/p/invoice/abcDEF123_-xyz"]);
  });

  it("prints a deposit invoice, and the final invoice deducting it", async () => {
    const deposit = invoice({
      kind: "deposit",
      number: "INV-2026-0003",
      issued: "2026-10-01",
      due: "2026-10-15",
      delivered: null,
      title: "Deposit for the heating renewal",
      content: {
        sections: [
          {
            id: "d",
            title: "",
            lines: [
              line("d20", { name: "Deposit 30% (VAT 20%)", unit: "flat", unit_price: 95_000 }),
              line("d55", { name: "Deposit 30% (VAT 5.5%)", unit: "flat", unit_price: 4_000, tax: REDUCED }),
            ],
          },
        ],
        allowances: [],
      },
    });
    const depositText = await textOf(await invoicePdf(deposit));
    const depositTotals = invoiceTotals(deposit.content, "EUR", []);
    expect(depositText).toContain("Deposit invoice INV-2026-0003");
    expect(depositText).toContain("Deposit 30% (VAT 20%)");
    expect(depositText).toContain(`Total ${money(depositTotals.gross)}`);
    expect(depositText).toContain(`Amount due ${money(depositTotals.gross)}`);
    expect(depositText).not.toMatch(/Total of lines|Subtotal|Less deposit|Pay online/);

    const final = invoice({ prepayments: [{ invoice: "inv-3", number: "INV-2026-0003", issued: "2026-10-01", amount: depositTotals.gross }] });
    const totals = invoiceTotals(final.content, "EUR", final.prepayments);
    expect(totals.prepaid).toBe(depositTotals.gross);
    const text = await textOf(await invoicePdf(final));
    expect(text).toContain(`Total ${money(totals.gross)} Less deposit invoice INV-2026-0003 of October 1, 2026 −${money(depositTotals.gross)}`);
    expect(text).toContain(`Amount due ${money(totals.due)}`);
    expect(totals.due).toBe(totals.gross - depositTotals.gross);
    expect(text).toContain(`Please pay ${money(totals.due)} by`);
  });

  it("prints a reverse-charge invoice with its legal note and both VAT ids, in the document's language", async () => {
    const document = invoice({
      language: "de-DE",
      content: {
        sections: [
          {
            id: "s",
            title: "",
            lines: [line("a", { name: "Montage", tax: REVERSE, quantity: 8_000, unit: "hour", unit_price: 6_500 }), line("b", { name: "Schulung", tax: EXEMPT })],
          },
        ],
        allowances: [],
      },
    });
    const text = await textOf(await invoicePdf(document));
    const totals = invoiceTotals(document.content, "EUR", []);
    expect(totals.tax).toBe(0);
    for (const expected of [
      "Rechnung INV-2026-0007",
      "Rechnungsnummer",
      "Ausstellungsdatum 20. November 2026",
      "Fällig am 4. Dezember 2026",
      "Leistungsdatum 18. November 2026",
      "Ihre Referenz REF-4711",
      "LIEFERANSCHRIFT Workshop",
      "USt-IdNr.: FR40303265045",
      "8 Std.",
      `Reverse charge 0 % auf ${money(52_000, "de-DE")} ${money(0, "de-DE")}`,
      `Exempt 0 % auf ${money(10_000, "de-DE")}`,
      `Gesamtbetrag ${money(totals.gross, "de-DE")}`,
      `Zahlbetrag ${money(totals.due, "de-DE")}`,
      "Steuerschuldnerschaft des Leistungsempfängers: Die Umsatzsteuer schuldet der Leistungsempfänger.",
      "USt-IdNr. des Leistenden: DE123456789 · USt-IdNr. des Leistungsempfängers: FR40303265045",
      "Steuerfrei: Article 261 4 4° CGI",
      "Kontoinhaber: Kowalski Heating GmbH",
      "Seite 1 von 1",
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/Invoice|Amount due|20 %/);

    const english = await textOf(await invoicePdf({ ...document, language: "en-GB" }));
    expect(english).toContain("Reverse charge: VAT to be accounted for by the recipient.");
    expect(english).toContain("Supplier’s VAT number: DE123456789 · Customer’s VAT number: FR40303265045");
    expect(english).toContain("VAT number: FR40303265045");
  });

  it("prints a credit note referring to its invoice, without asking for payment", async () => {
    const document = invoice({
      kind: "credit_note",
      number: "CN-2026-0002",
      issued: "2026-11-25",
      due: null,
      language: "fr-FR",
      title: "",
      notes: null,
      corrects: { number: "INV-2026-0007", issued: "2026-11-20" },
      content: { sections: [{ id: "s", title: "", lines: [line("valves", { name: "Robinets thermostatiques", quantity: 2_000, unit_price: 3_450, tax: { ...REDUCED, name: "TVA" } })] }], allowances: [] },
    });
    const bytes = await invoicePdf(document, { payUrl: "https://app.example/p/invoice/abc" });
    const text = await textOf(bytes);
    const totals = invoiceTotals(document.content, "EUR", []);
    for (const expected of [
      "Avoir CN-2026-0002",
      "Numéro d’avoir CN-2026-0002",
      "Cet avoir rectifie la facture INV-2026-0007 du 20 novembre 2026.",
      "Désignation",
      `TVA 5,5 % sur ${money(totals.net, "fr-FR")} ${money(totals.tax, "fr-FR")}`,
      `Total TTC ${money(totals.gross, "fr-FR")}`,
      `Montant de l’avoir ${money(totals.gross, "fr-FR")}`,
      "N° de TVA : FR40303265045",
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/Facture INV|Date d’échéance|Paiement|IBAN|Payer en ligne|Net à payer/);
    expect(await linkTargets(bytes)).toEqual([]);

    const german = await textOf(await invoicePdf({ ...document, language: "de-DE" }));
    expect(german).toContain("Rechnungskorrektur CN-2026-0002");
    expect(german).toContain("Diese Rechnungskorrektur bezieht sich auf die Rechnung INV-2026-0007 vom 20. November 2026.");
    expect(german).toContain(`Gutgeschriebener Betrag ${money(totals.gross, "de-DE")}`);
  });

  it("marks a draft, prints a UK bank account, embeds its fonts and is the same bytes for the same input", async () => {
    const base = invoice();
    const document = invoice({
      number: "",
      currency: "GBP",
      language: "en-GB",
      seller: { ...base.seller, country: "GB", bank: { account_number: "31926819", sort_code: "60-16-13" } },
      due: null,
    });
    const bytes = await invoicePdf(document, { draft: true, logo: solidPng(300, 120) });
    const text = await textOf(bytes);
    expect(text).toContain("DRAFT");
    expect(text).toContain("Account number: 31926819");
    expect(text).toContain("Sort code: 60-16-13");
    expect(text).toContain(`Please pay ${plain(formatMoney(invoiceTotals(document.content, "GBP", []).due, "GBP", "en-GB"))}, quoting — as the reference.`);
    expect(text).not.toMatch(/Invoice number|IBAN/);
    const fonts = await pdfFonts(bytes);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of fonts) expect(font).toMatchObject({ embedded: true, baseFont: expect.stringMatching(/DejaVuSans/) });
    const again = await invoicePdf(document, { draft: true, logo: solidPng(300, 120) });
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe("invoicePdf totals", () => {
  const taxes: InvoiceLineTax[] = [STANDARD, { ...STANDARD, id: "tax-10", percent_milli: 10_000 }, REDUCED, REVERSE, EXEMPT];
  const COST = 987_654_321;
  const printedLine = fc.record({
    quantity: fc.integer({ min: 1, max: 250_000 }),
    unit_price: fc.integer({ min: 0, max: 5_000_000 }),
    discount: fc.option(fc.record({ percent_milli: fc.integer({ min: 0, max: 100_000 }) }), { nil: null }),
    tax: fc.constantFrom(...taxes),
  });
  const allowance = fc.record({ charge: fc.boolean(), amount: fc.integer({ min: 1, max: 20_000 }), tax: fc.constantFrom(STANDARD, REDUCED) });
  const content = fc.record({
    sections: fc.array(fc.array(printedLine, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 3 }),
    allowances: fc.array(allowance, { maxLength: 2 }),
    locale: fc.constantFrom(...LOCALES),
    currency: fc.constantFrom("EUR", "GBP", "JPY"),
    prepaidShare: fc.constantFrom(0, 0.3, 1),
  });

  it("prints every line net, subtotal, tax and total exactly as invoiceTotals computes them, and never a cost", async () => {
    await fc.assert(
      fc.asyncProperty(content, async (drawn) => {
        const sections = drawn.sections.map((lines, index) => ({
          id: `s${index}`,
          title: `Section ${index + 1}`,
          lines: lines.map((fields, n) => line(`l${index}-${n}`, { ...fields, name: `Item ${index}.${n}`, unit_cost: COST })),
        }));
        const allowances: InvoiceAllowance[] = drawn.allowances.map((item, index) => ({ id: `a${index}`, reason: `Reason ${index}`, ...item }));
        const base: InvoiceDocument = invoice({ language: drawn.locale, currency: drawn.currency, content: { sections, allowances } });
        const gross = invoiceTotals(base.content, drawn.currency, []).gross;
        const prepaid = Math.floor(Math.max(gross, 0) * drawn.prepaidShare);
        const document = prepaid > 0 ? { ...base, prepayments: [{ invoice: "d1", number: "INV-2026-0001", issued: "2026-10-01", amount: prepaid }] } : base;
        const totals = invoiceTotals(document.content, drawn.currency, document.prepayments);
        const t = translatorFor(drawn.locale);
        const amount = (value: number) => plain(formatMoney(value, drawn.currency, drawn.locale));
        const text = await textOf(await invoicePdf(document));

        for (const section of sections)
          for (const item of section.lines) {
            expect(text).toContain(`${item.name} `);
            expect(text).toContain(amount(totals.lineNets[item.id]));
          }
        totals.sections.forEach((section, index) => expect(text).toContain(`${plain(t("document.subtotalOf", { title: sections[index].title }))} ${amount(section.net)}`));
        for (const group of totals.groups) expect(text).toContain(`${plain(formatMoney(group.net, drawn.currency, drawn.locale))} ${amount(group.tax)}`);
        if (allowances.length) expect(text).toContain(`${plain(t("document.invoice.linesTotal"))} ${amount(totals.lines)}`);
        expect(text).toContain(`${plain(t("document.totals.net"))} ${amount(totals.net)}`);
        if (totals.groups.length > 1) expect(text).toContain(`${plain(t("document.totals.tax"))} ${amount(totals.tax)}`);
        expect(text).toContain(`${plain(t("document.totals.gross"))} ${amount(totals.gross)}`);
        if (prepaid > 0) expect(text).toContain(`−${amount(prepaid)}`);
        expect(text).toContain(`${plain(t("document.invoice.amountDue"))} ${amount(totals.due)}`);
        expect(text).not.toContain(amount(COST));
      }),
      { numRuns: 10, seed: 39 },
    );
  });
});

/** The addresses of the PDF's link annotations. */
async function linkTargets(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const targets: string[] = [];
  for (const page of pdf.getPages()) {
    const annots = page.node.Annots();
    if (!(annots instanceof PDFArray)) continue;
    for (let index = 0; index < annots.size(); index++) {
      const annot = annots.lookup(index, PDFDict);
      if (annot.get(PDFName.of("Subtype")) !== PDFName.of("Link")) continue;
      expect(annot.get(PDFName.of("F"))?.toString()).toBe("4");
      targets.push(annot.lookup(PDFName.of("A"), PDFDict).lookup(PDFName.of("URI"), PDFString).decodeText());
    }
  }
  return targets;
}
