import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ciiXml } from "@/lib/einvoice/cii";
import { EinvoiceIncomplete, einvoiceGaps, einvoiceXml, EINVOICE_FORMATS, type EinvoiceFormat } from "@/lib/einvoice/index";
import { ublXml } from "@/lib/einvoice/ubl";
import { invoiceTotals } from "@/lib/money/invoice-totals";
import { CASES, CONSUMER, creditNote, deposit, exempt, intraCommunity, reverseCharge, threeRates, ukZeroRated, afterDeposit, allowancesAndCharges } from "@/test/einvoice/documents";
import { fatalReport, runValidateScript, validateEn16931, xpathStrings } from "@/test/einvoice/validator";

/*
 * Every e-invoice written here passes the official EN 16931 validation (the CEN
 * artefacts in ../shared/einvoice) with no fatal rule; the validation runs in this
 * process (test/einvoice/validator.ts), and once through the official validate script
 * to prove the two agree.
 */

const written: Record<string, string> = {};
const xmlOf = (name: keyof typeof CASES, format: EinvoiceFormat) => (written[`${name}.${format}`] ??= einvoiceXml(CASES[name], format).xml);
const at = (xml: string, expression: string) => xpathStrings(xml, expression);

describe("every case passes the EN 16931 validation in CII and UBL", () => {
  for (const name of Object.keys(CASES) as (keyof typeof CASES)[])
    for (const format of EINVOICE_FORMATS)
      it(`${name} as ${format}`, () => {
        const xml = xmlOf(name, format);
        expect(fatalReport(xml), `${name} as ${format} breaks EN 16931 rules`).toBeNull();
      });
});

describe("what each case states", () => {
  it("three rates: one VAT breakdown per rate, lines at their rate, totals from invoiceTotals", () => {
    const totals = invoiceTotals(threeRates.content, "EUR");
    const cii = xmlOf("threeRates", "facturx");
    expect(at(cii, "//*:GuidelineSpecifiedDocumentContextParameter/*:ID")).toEqual(["urn:cen.eu:en16931:2017"]);
    expect(at(cii, "//*:ExchangedDocument/*:TypeCode")).toEqual(["380"]);
    expect(at(cii, "//*:ApplicableHeaderTradeSettlement/*:ApplicableTradeTax/*:RateApplicablePercent")).toEqual(["20", "10", "5.5"]);
    expect(at(cii, "//*:ApplicableHeaderTradeSettlement/*:ApplicableTradeTax/*:CategoryCode")).toEqual(["S", "S", "S"]);
    expect(at(cii, "//*:GrandTotalAmount")).toEqual([(totals.gross / 100).toFixed(2)]);
    expect(at(cii, "//*:BilledQuantity/@unitCode")).toEqual(["MTK", "HUR", "LS", "KGM"]);
    // Text is escaped, and reads back as it was written.
    expect(at(cii, "//*:IncludedNote/*:Content")).toEqual([threeRates.notes]);
    const ubl = xmlOf("threeRates", "ubl");
    expect(at(ubl, "/*/*:CustomizationID")).toEqual(["urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"]);
    expect(at(ubl, "/*/*:ProfileID")).toEqual(["urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"]);
    expect(at(ubl, "//*:TaxSubtotal/*:TaxCategory/*:Percent")).toEqual(["20", "10", "5.5"]);
    expect(at(ubl, "//*:LegalMonetaryTotal/*:PayableAmount")).toEqual([(totals.due / 100).toFixed(2)]);
    expect(at(ubl, "/*/*:DueDate")).toEqual(["2026-03-16"]);
    // Peppol's electronic addresses: each party's VAT number under its country's scheme (9957 is French VAT).
    expect(at(ubl, "//*:AccountingSupplierParty//*:EndpointID/@schemeID")).toEqual(["9957"]);
    expect(at(ubl, "//*:AccountingCustomerParty//*:EndpointID")).toEqual(["FR61954506077"]);
  });

  it("reverse charge: category AE at 0 %, its legal note and code, both VAT identifiers", () => {
    for (const xml of [xmlOf("reverseCharge", "facturx"), xmlOf("reverseCharge", "xrechnung")]) {
      expect(at(xml, "//*:ApplicableHeaderTradeSettlement/*:ApplicableTradeTax/*:CategoryCode")).toEqual(["AE"]);
      expect(at(xml, "//*:ApplicableHeaderTradeSettlement/*:ApplicableTradeTax/*:ExemptionReasonCode")).toEqual(["VATEX-EU-AE"]);
      expect(at(xml, "//*:ApplicableHeaderTradeSettlement/*:ApplicableTradeTax/*:CalculatedAmount")).toEqual(["0.00"]);
      expect(at(xml, "//*:IncludedNote/*:Content")).toEqual(["Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)."]);
      expect(at(xml, "//*:SellerTradeParty/*:SpecifiedTaxRegistration/*:ID[@schemeID='VA']")).toEqual(["DE136695976"]);
      expect(at(xml, "//*:BuyerTradeParty/*:SpecifiedTaxRegistration/*:ID[@schemeID='VA']")).toEqual(["DE811569869"]);
    }
    const ubl = xmlOf("reverseCharge", "ubl");
    expect(at(ubl, "//*:TaxSubtotal/*:TaxCategory/*:TaxExemptionReasonCode")).toEqual(["VATEX-EU-AE"]);
    expect(at(ubl, "//*:AccountingCustomerParty//*:PartyTaxScheme/*:CompanyID")).toEqual(["DE811569869"]);
  });

  it("exempt: category E with the rate's exemption reason (BT-120)", () => {
    expect(at(xmlOf("exempt", "facturx"), "//*:ApplicableHeaderTradeSettlement/*:ApplicableTradeTax/*:ExemptionReason")).toEqual([exempt.content.sections[0].lines[0].tax.exemption_reason]);
    expect(at(xmlOf("exempt", "ubl"), "//*:TaxSubtotal/*:TaxCategory/*:TaxExemptionReason")).toEqual(["TVA non applicable, art. 293 B du CGI"]);
  });

  it("intra-community supply: category K, both VAT identifiers, the deliver-to country and the delivery date", () => {
    const cii = xmlOf("intraCommunity", "facturx");
    expect(at(cii, "//*:ApplicableHeaderTradeSettlement/*:ApplicableTradeTax/*:CategoryCode")).toEqual(["K"]);
    expect(at(cii, "//*:ApplicableHeaderTradeSettlement/*:ApplicableTradeTax/*:ExemptionReasonCode")).toEqual(["VATEX-EU-IC"]);
    expect(at(cii, "//*:ShipToTradeParty/*:PostalTradeAddress/*:CountryID")).toEqual(["BE"]);
    expect(at(cii, "//*:ActualDeliverySupplyChainEvent/*:OccurrenceDateTime/*:DateTimeString")).toEqual(["20260227"]);
    expect(at(cii, "//*:BuyerTradeParty/*:SpecifiedTaxRegistration/*:ID")).toEqual(["BE0403019261"]);
    expect(at(cii, "//*:BuyerOrderReferencedDocument/*:IssuerAssignedID")).toEqual(["PO-88"]);
    const ubl = xmlOf("intraCommunity", "ubl");
    expect(at(ubl, "//*:Delivery/*:DeliveryLocation/*:Address/*:Country/*:IdentificationCode")).toEqual(["BE"]);
    expect(at(ubl, "//*:Delivery/*:ActualDeliveryDate")).toEqual(["2026-02-27"]);
    expect(at(ubl, "//*:AccountingCustomerParty//*:EndpointID/@schemeID")).toEqual(["9925"]);
    // Without the buyer's VAT number or a delivery date there is no valid K invoice: refused, saying what is missing.
    const incomplete = { ...intraCommunity, delivered: null, buyer: { ...intraCommunity.buyer, vat_number: null } };
    expect(einvoiceGaps(incomplete, "facturx")).toEqual([
      { term: "BT-48", field: "buyer.vat_number" },
      { term: "BT-72", field: "delivered" },
    ]);
  });

  it("after a deposit: the deposit invoice's gross as the paid amount (BT-113), the rest due", () => {
    const totals = invoiceTotals(afterDeposit.content, "EUR", afterDeposit.prepayments);
    expect(totals.prepaid).toBe(invoiceTotals(deposit.content, "EUR").gross);
    const cii = xmlOf("afterDeposit", "facturx");
    expect(at(cii, "//*:TotalPrepaidAmount")).toEqual(["3170.40"]);
    expect(at(cii, "//*:DuePayableAmount")).toEqual([(totals.due / 100).toFixed(2)]);
    const ubl = xmlOf("afterDeposit", "ubl");
    expect(at(ubl, "//*:LegalMonetaryTotal/*:PrepaidAmount")).toEqual(["3170.40"]);
    expect(at(ubl, "//*:LegalMonetaryTotal/*:PayableAmount")).toEqual([(totals.due / 100).toFixed(2)]);
  });

  it("a deposit invoice is a prepayment invoice (386), an invoice (380) where German rules have no such type", () => {
    expect(at(xmlOf("deposit", "facturx"), "//*:ExchangedDocument/*:TypeCode")).toEqual(["386"]);
    expect(at(xmlOf("deposit", "ubl"), "/*/*:InvoiceTypeCode")).toEqual(["386"]);
    expect(at(xmlOf("deposit", "xrechnung"), "//*:ExchangedDocument/*:TypeCode")).toEqual(["380"]);
    // Peppol's rules for German sellers (DE-R-017) ask for 380 as well.
    expect(at(ublXml({ ...deposit, seller: reverseCharge.seller }), "/*/*:InvoiceTypeCode")).toEqual(["380"]);
  });

  it("allowances and charges: line discounts, document allowances and charges with their rates", () => {
    const totals = invoiceTotals(allowancesAndCharges.content, "EUR");
    const cii = xmlOf("allowancesAndCharges", "facturx");
    expect(at(cii, "//*:SpecifiedLineTradeSettlement/*:SpecifiedTradeAllowanceCharge/*:ActualAmount")).toEqual(["123.75", "19.99", "6.56"]);
    expect(at(cii, "//*:SpecifiedTradeSettlementLineMonetarySummation/*:LineTotalAmount")).toEqual(
      allowancesAndCharges.content.sections[0].lines.map((line) => (totals.lineNets[line.id] / 100).toFixed(2)),
    );
    expect(at(cii, "//*:ApplicableHeaderTradeSettlement/*:SpecifiedTradeAllowanceCharge/*:ChargeIndicator/*:Indicator")).toEqual(["false", "true", "true"]);
    expect(at(cii, "//*:AllowanceTotalAmount")).toEqual(["50.00"]);
    expect(at(cii, "//*:ChargeTotalAmount")).toEqual(["47.50"]);
    const ubl = xmlOf("allowancesAndCharges", "ubl");
    expect(at(ubl, "/*/*:AllowanceCharge/*:Amount")).toEqual(["50.00", "35.00", "12.50"]);
    expect(at(ubl, "//*:InvoiceLine/*:AllowanceCharge/*:Amount")).toEqual(["123.75", "19.99", "6.56"]);
    expect(at(ubl, "//*:LegalMonetaryTotal/*:TaxExclusiveAmount")).toEqual([(totals.net / 100).toFixed(2)]);
  });

  it("a credit note: type 381 in CII, a UBL CreditNote, both referring to the invoice it credits (BG-3)", () => {
    const cii = xmlOf("creditNote", "facturx");
    expect(at(cii, "//*:ExchangedDocument/*:TypeCode")).toEqual(["381"]);
    expect(at(cii, "//*:InvoiceReferencedDocument/*:IssuerAssignedID")).toEqual(["INV-2026-0101"]);
    expect(at(cii, "//*:InvoiceReferencedDocument/*:FormattedIssueDateTime/*:DateTimeString")).toEqual(["20260302"]);
    expect(at(cii, "//*:DuePayableAmount")).toEqual(["10.54"]);
    const ubl = xmlOf("creditNote", "ubl");
    expect(at(ubl, "local-name(/*)")).toEqual(["CreditNote"]);
    expect(at(ubl, "/*/*:CreditNoteTypeCode")).toEqual(["381"]);
    expect(at(ubl, "//*:BillingReference/*:InvoiceDocumentReference/*:ID")).toEqual([creditNote.corrects!.number]);
    expect(at(ubl, "//*:CreditNoteLine/*:CreditedQuantity")).toEqual(["3"]);
    // Without terms or a due date, what is owed is due on the day (BR-CO-25): on the payment means, as a credit note has no DueDate.
    expect(at(ubl, "//*:PaymentMeans/*:PaymentDueDate")).toEqual(["2026-03-10"]);
  });

  it("payment: an IBAN is a SEPA credit transfer (58) with the BIC, a UK account a credit transfer (30); terms and due date", () => {
    const cii = xmlOf("threeRates", "facturx");
    expect(at(cii, "//*:SpecifiedTradeSettlementPaymentMeans/*:TypeCode")).toEqual(["58"]);
    expect(at(cii, "//*:PayeePartyCreditorFinancialAccount/*:IBANID")).toEqual(["FR7630006000011234567890189"]);
    expect(at(cii, "//*:PayeeSpecifiedCreditorFinancialInstitution/*:BICID")).toEqual(["AGRIFRPP"]);
    expect(at(cii, "//*:PaymentReference")).toEqual(["INV-2026-0101"]);
    expect(at(cii, "//*:SpecifiedTradePaymentTerms/*:Description")).toEqual(["Payable sous 14 jours"]);
    expect(at(cii, "//*:SpecifiedTradePaymentTerms/*:DueDateDateTime/*:DateTimeString")).toEqual(["20260316"]);
    const uk = xmlOf("ukZeroRated", "ubl");
    expect(at(uk, "//*:PaymentMeans/*:PaymentMeansCode")).toEqual(["30"]);
    expect(at(uk, "//*:PayeeFinancialAccount/*:ID")).toEqual(["40127612345678"]);
    expect(at(uk, "//*:PayeeFinancialAccount/*:FinancialInstitutionBranch/*:ID")).toEqual(["401276"]);
    expect(at(uk, "/*/*:DocumentCurrencyCode")).toEqual(["GBP"]);
    expect(at(uk, "//*:TaxSubtotal/*:TaxCategory/*:ID")).toEqual(["S", "Z"]);
    // A customer without a country is taken to be in the seller's.
    expect(at(uk, "//*:AccountingCustomerParty//*:Country/*:IdentificationCode")).toEqual(["GB"]);
    expect(at(xmlOf("ukZeroRated", "facturx"), "//*:PayeePartyCreditorFinancialAccount/*:ProprietaryID")).toEqual(["40127612345678"]);
  });

  it("amounts take the currency's decimals", () => {
    const yen = { ...ukZeroRated, currency: "JPY", seller: { ...ukZeroRated.seller, bank: null } };
    const xml = ublXml(yen);
    expect(at(xml, "//*:LegalMonetaryTotal/*:PayableAmount")).toEqual([String(invoiceTotals(yen.content, "JPY").due)]);
    expect(fatalReport(xml)).toBeNull();
    // EN 16931 amounts have at most two decimals (BR-DEC-*): a three-decimal currency is refused rather than written wrong.
    expect(einvoiceGaps({ ...ukZeroRated, currency: "BHD" }, "facturx")).toEqual([{ term: "BT-5", field: "currency" }]);
  });
});

describe("the specifications' own rules", () => {
  it("XRechnung: the guideline and process ids, the seller's contact (BG-6) and electronic addresses", () => {
    const xml = xmlOf("reverseCharge", "xrechnung");
    expect(at(xml, "//*:GuidelineSpecifiedDocumentContextParameter/*:ID")).toEqual(["urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"]);
    expect(at(xml, "//*:BusinessProcessSpecifiedDocumentContextParameter/*:ID")).toEqual(["urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"]);
    expect(at(xml, "//*:BuyerReference")).toEqual(["04011000-12345-34"]);
    expect(at(xml, "//*:SellerTradeParty/*:DefinedTradeContact/(*:PersonName, *:TelephoneUniversalCommunication/*:CompleteNumber, *:EmailURIUniversalCommunication/*:URIID)")).toEqual([
      "Müller & Söhne Haustechnik",
      "+49 30 1234567",
      "rechnung@mueller-haustechnik.de",
    ]);
    expect(at(xml, "//*:SellerTradeParty/*:URIUniversalCommunication/*:URIID/@schemeID")).toEqual(["9930"]);
  });

  it("XRechnung without a buyer reference (BT-10): ciiXml throws, naming BT-10; the EN 16931 profile does not need it", () => {
    const noReference = { ...reverseCharge, buyer_reference: null };
    expect(() => ciiXml(noReference, "xrechnung")).toThrow(EinvoiceIncomplete);
    expect(() => ciiXml(noReference, "xrechnung")).toThrow("An XRechnung e-invoice needs buyer_reference (BT-10)");
    expect(einvoiceGaps(noReference, "xrechnung")).toEqual([{ term: "BT-10", field: "buyer_reference" }]);
    expect(fatalReport(ciiXml(noReference, "en16931"))).toBeNull();
  });

  it("XRechnung needs the seller's phone, email and bank account; Peppol a buyer or order reference and both electronic addresses", () => {
    const bare = { ...threeRates, seller: { ...threeRates.seller, phone: null, bank: null }, buyer: { ...CONSUMER, email: null }, buyer_reference: null };
    expect(einvoiceGaps(bare, "xrechnung").map((gap) => gap.term)).toEqual(["BT-10", "BT-42", "BG-16", "BT-49"]);
    expect(einvoiceGaps(bare, "ubl")).toEqual([
      { term: "BT-49", field: "buyer.vat_number" },
      { term: "BT-10", field: "buyer_reference" },
    ]);
    expect(einvoiceGaps(bare, "facturx")).toEqual([]);
    expect(fatalReport(einvoiceXml(bare, "facturx").xml)).toBeNull();
  });

  it("a consumer is addressed by email in CII; Peppol, which has no email scheme, cannot reach one", () => {
    const toConsumer = { ...threeRates, buyer: CONSUMER };
    const xml = einvoiceXml(toConsumer, "xrechnung").xml;
    expect(at(xml, "//*:BuyerTradeParty/*:URIUniversalCommunication/*:URIID/@schemeID")).toEqual(["EM"]);
    expect(at(xml, "//*:BuyerTradeParty/*:URIUniversalCommunication/*:URIID")).toEqual([CONSUMER.email!]);
    expect(fatalReport(xml)).toBeNull();
    expect(() => ublXml(toConsumer)).toThrow("A Peppol BIS Billing 3.0 e-invoice needs buyer.vat_number (BT-49)");
  });

  it("EN 16931: no e-invoice without a line, the seller's country or its VAT or tax number", () => {
    const empty = { ...threeRates, content: { sections: [], allowances: [] }, seller: { ...threeRates.seller, country: null, tax_id: null } };
    expect(einvoiceGaps(empty, "facturx").map((gap) => gap.term)).toEqual(["BG-25", "BT-40", "BT-31"]);
    expect(() => einvoiceXml(empty, "ubl")).toThrow(/BG-25/);
  });

  it("names the files as each format is known", () => {
    expect(einvoiceXml(threeRates, "facturx")).toMatchObject({ fileName: "factur-x.xml", mimeType: "application/xml" });
    expect(einvoiceXml(threeRates, "xrechnung").fileName).toBe("INV-2026-0101-xrechnung.xml");
    expect(einvoiceXml(threeRates, "ubl").fileName).toBe("INV-2026-0101-ubl.xml");
  });
});

describe("the in-process validation is the official one", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "einvoice-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("the validate script passes a CII and a UBL e-invoice, and fails a broken one on the rule the in-process check names", async () => {
    const cii = path.join(dir, "three-rates-cii.xml");
    const ubl = path.join(dir, "credit-note-ubl.xml");
    const broken = path.join(dir, "broken-cii.xml");
    fs.writeFileSync(cii, xmlOf("afterDeposit", "xrechnung"));
    fs.writeFileSync(ubl, xmlOf("creditNote", "ubl"));
    const wrongDue = xmlOf("afterDeposit", "facturx").replace(/<ram:DuePayableAmount>[^<]*</, "<ram:DuePayableAmount>1.00<");
    fs.writeFileSync(broken, wrongDue);
    const inProcess = validateEn16931(wrongDue).filter((failure) => failure.flag === "fatal");
    expect(inProcess.map((failure) => failure.id)).toEqual(["BR-CO-16"]);

    const script = await runValidateScript([cii, ubl, broken]);
    expect(script.output).toContain(`${cii}: CII, 0 fatal, 0 warnings`);
    expect(script.output).toContain(`${ubl}: UBL, 0 fatal, 0 warnings`);
    expect(script.output).toContain(`${broken}: fatal BR-CO-16 [${inProcess[0].where}] ${inProcess[0].text}`);
    expect(script.output).toContain(`${broken}: CII, 1 fatal, 0 warnings`);
    expect(script.code).toBe(1);
    expect(validateEn16931(xmlOf("afterDeposit", "xrechnung"))).toEqual([]);
    expect(validateEn16931(xmlOf("creditNote", "ubl"))).toEqual([]);
  });
});
