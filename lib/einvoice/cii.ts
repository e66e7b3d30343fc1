import type { InvoiceDocument } from "@/lib/schemas/invoice-content";
import { GUIDELINES, PEPPOL_PROCESS } from "./codes";
import { buildModel, date102, type EinvoiceModel, type ModelAddress, type ModelParty, type ModelVat } from "./model";
import { leaf, node, renderXml, type XmlNode } from "./xml";

/**
 * An invoice or credit note as a UN/CEFACT Cross Industry Invoice (D16B), in the EN 16931
 * profile (Factur-X / ZUGFeRD EN 16931, whose PDF embeds it as factur-x.xml) or as an
 * XRechnung. Elements come in the order the D16B schema lays down.
 */
export function ciiXml(doc: InvoiceDocument, profile: "en16931" | "xrechnung"): string {
  return renderXml(ciiTree(buildModel(doc, profile)));
}

const NAMESPACES = {
  "xmlns:rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  "xmlns:ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  "xmlns:qdt": "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
  "xmlns:udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
};

const dateTime = (name: string, day: string | null, prefix = "udt") => (day ? node(name, [leaf(`${prefix}:DateTimeString`, date102(day), { format: "102" })]) : null);

function address(value: ModelAddress) {
  return node("ram:PostalTradeAddress", [
    leaf("ram:PostcodeCode", value.zip),
    leaf("ram:LineOne", value.line1),
    leaf("ram:LineTwo", value.line2),
    leaf("ram:CityName", value.city),
    leaf("ram:CountryID", value.country),
    leaf("ram:CountrySubDivisionName", value.state),
  ]);
}

function party(name: string, value: ModelParty): XmlNode | null {
  return node(name, [
    leaf("ram:Name", value.name),
    node("ram:SpecifiedLegalOrganization", [leaf("ram:ID", value.registration), leaf("ram:TradingBusinessName", value.tradingName)]),
    value.contact &&
      node("ram:DefinedTradeContact", [
        leaf("ram:PersonName", value.contact.name),
        node("ram:TelephoneUniversalCommunication", [leaf("ram:CompleteNumber", value.contact.phone)]),
        node("ram:EmailURIUniversalCommunication", [leaf("ram:URIID", value.contact.email)]),
      ]),
    address(value.address),
    value.endpoint && node("ram:URIUniversalCommunication", [leaf("ram:URIID", value.endpoint.id, { schemeID: value.endpoint.scheme })]),
    node("ram:SpecifiedTaxRegistration", [leaf("ram:ID", value.vatId, { schemeID: "VA" })]),
    node("ram:SpecifiedTaxRegistration", [leaf("ram:ID", value.taxNumber, { schemeID: "FC" })]),
  ]);
}

const lineTax = (vat: ModelVat) =>
  node("ram:ApplicableTradeTax", [leaf("ram:TypeCode", "VAT"), leaf("ram:CategoryCode", vat.code), leaf("ram:RateApplicablePercent", vat.percent)]);

const indicator = (charge: boolean) => node("ram:ChargeIndicator", [leaf("udt:Indicator", String(charge))]);

export function ciiTree(model: EinvoiceModel): XmlNode | null {
  const lines = model.lines.map((line) =>
    node("ram:IncludedSupplyChainTradeLineItem", [
      node("ram:AssociatedDocumentLineDocument", [leaf("ram:LineID", line.id)]),
      node("ram:SpecifiedTradeProduct", [leaf("ram:Name", line.name), leaf("ram:Description", line.description)]),
      node("ram:SpecifiedLineTradeAgreement", [node("ram:NetPriceProductTradePrice", [leaf("ram:ChargeAmount", line.price)])]),
      node("ram:SpecifiedLineTradeDelivery", [leaf("ram:BilledQuantity", line.quantity, { unitCode: line.unitCode })]),
      node("ram:SpecifiedLineTradeSettlement", [
        lineTax(line.vat),
        line.allowance &&
          node("ram:SpecifiedTradeAllowanceCharge", [indicator(false), leaf("ram:ActualAmount", line.allowance), leaf("ram:ReasonCode", "95"), leaf("ram:Reason", "Discount")]),
        node("ram:SpecifiedTradeSettlementLineMonetarySummation", [leaf("ram:LineTotalAmount", line.net)]),
      ]),
    ]),
  );

  const agreement = node("ram:ApplicableHeaderTradeAgreement", [
    leaf("ram:BuyerReference", model.buyerReference),
    party("ram:SellerTradeParty", model.seller),
    party("ram:BuyerTradeParty", model.buyer),
    node("ram:BuyerOrderReferencedDocument", [leaf("ram:IssuerAssignedID", model.purchaseOrder)]),
  ]);

  const delivery = node("ram:ApplicableHeaderTradeDelivery", [
    model.deliverTo && node("ram:ShipToTradeParty", [leaf("ram:Name", model.deliverTo.name), address(model.deliverTo.address)]),
    model.delivered && node("ram:ActualDeliverySupplyChainEvent", [dateTime("ram:OccurrenceDateTime", model.delivered)]),
  ]) ?? { name: "ram:ApplicableHeaderTradeDelivery", attrs: {}, text: null, children: [] };

  const payment = model.payment;
  const { totals } = model;
  const settlement = node("ram:ApplicableHeaderTradeSettlement", [
    leaf("ram:PaymentReference", payment?.remittance),
    leaf("ram:InvoiceCurrencyCode", model.currency),
    payment &&
      node("ram:SpecifiedTradeSettlementPaymentMeans", [
        leaf("ram:TypeCode", payment.code),
        node("ram:PayeePartyCreditorFinancialAccount", [
          payment.code === "58" ? leaf("ram:IBANID", payment.account) : null,
          leaf("ram:AccountName", payment.accountName),
          payment.code === "30" ? leaf("ram:ProprietaryID", payment.account) : null,
        ]),
        node("ram:PayeeSpecifiedCreditorFinancialInstitution", [leaf("ram:BICID", payment.bic)]),
      ]),
    ...model.breakdown.map((entry) =>
      node("ram:ApplicableTradeTax", [
        leaf("ram:CalculatedAmount", entry.tax),
        leaf("ram:TypeCode", "VAT"),
        leaf("ram:ExemptionReason", entry.exemptionReason),
        leaf("ram:BasisAmount", entry.basis),
        leaf("ram:CategoryCode", entry.code),
        leaf("ram:ExemptionReasonCode", entry.exemptionCode),
        leaf("ram:RateApplicablePercent", entry.percent),
      ]),
    ),
    ...model.allowances.map((item) =>
      node("ram:SpecifiedTradeAllowanceCharge", [
        indicator(item.charge),
        leaf("ram:ActualAmount", item.amount),
        leaf("ram:Reason", item.reason),
        node("ram:CategoryTradeTax", [leaf("ram:TypeCode", "VAT"), leaf("ram:CategoryCode", item.vat.code), leaf("ram:RateApplicablePercent", item.vat.percent)]),
      ]),
    ),
    node("ram:SpecifiedTradePaymentTerms", [leaf("ram:Description", model.paymentTerms), dateTime("ram:DueDateDateTime", model.due)]),
    node("ram:SpecifiedTradeSettlementHeaderMonetarySummation", [
      leaf("ram:LineTotalAmount", totals.lines),
      leaf("ram:ChargeTotalAmount", totals.charges),
      leaf("ram:AllowanceTotalAmount", totals.allowances),
      leaf("ram:TaxBasisTotalAmount", totals.net),
      leaf("ram:TaxTotalAmount", totals.tax, { currencyID: model.currency }),
      leaf("ram:GrandTotalAmount", totals.gross),
      leaf("ram:TotalPrepaidAmount", totals.prepaid),
      leaf("ram:DuePayableAmount", totals.due),
    ]),
    model.preceding &&
      node("ram:InvoiceReferencedDocument", [leaf("ram:IssuerAssignedID", model.preceding.number), dateTime("ram:FormattedIssueDateTime", model.preceding.issued, "qdt")]),
  ]);

  return node(
    "rsm:CrossIndustryInvoice",
    [
      node("rsm:ExchangedDocumentContext", [
        model.profile === "xrechnung" && node("ram:BusinessProcessSpecifiedDocumentContextParameter", [leaf("ram:ID", PEPPOL_PROCESS)]),
        node("ram:GuidelineSpecifiedDocumentContextParameter", [leaf("ram:ID", GUIDELINES[model.profile])]),
      ]),
      node("rsm:ExchangedDocument", [
        leaf("ram:ID", model.number),
        leaf("ram:TypeCode", model.typeCode),
        dateTime("ram:IssueDateTime", model.issued),
        ...model.notes.map((note) => node("ram:IncludedNote", [leaf("ram:Content", note)])),
      ]),
      node("rsm:SupplyChainTradeTransaction", [...lines, agreement, delivery, settlement]),
    ],
    NAMESPACES,
  );
}
