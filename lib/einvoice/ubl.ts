import type { InvoiceDocument } from "@/lib/schemas/invoice-content";
import { GUIDELINES, PEPPOL_PROCESS } from "./codes";
import { buildModel, type EinvoiceModel, type ModelAddress, type ModelParty, type ModelVat } from "./model";
import { leaf, node, renderXml, type XmlNode } from "./xml";

/**
 * An invoice as a Peppol BIS Billing 3.0 UBL 2.1 Invoice, a credit note as a UBL
 * CreditNote. Elements come in the order the UBL 2.1 schemas lay down (which differs
 * a little between the two documents: a credit note has no DueDate, its type code comes
 * after the tax point date, and its due date rides on the payment means).
 */
export function ublXml(doc: InvoiceDocument): string {
  return renderXml(ublTree(buildModel(doc, "peppol")));
}

const CAC = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2";
const CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";

const vatScheme = () => node("cac:TaxScheme", [leaf("cbc:ID", "VAT")]);

function address(name: string, value: ModelAddress) {
  return node(name, [
    leaf("cbc:StreetName", value.line1),
    leaf("cbc:AdditionalStreetName", value.line2),
    leaf("cbc:CityName", value.city),
    leaf("cbc:PostalZone", value.zip),
    leaf("cbc:CountrySubentity", value.state),
    node("cac:Country", [leaf("cbc:IdentificationCode", value.country)]),
  ]);
}

function party(name: string, value: ModelParty): XmlNode | null {
  return node(name, [
    node("cac:Party", [
      value.endpoint && leaf("cbc:EndpointID", value.endpoint.id, { schemeID: value.endpoint.scheme }),
      node("cac:PartyName", [leaf("cbc:Name", value.tradingName)]),
      address("cac:PostalAddress", value.address),
      node("cac:PartyTaxScheme", [leaf("cbc:CompanyID", value.vatId), value.vatId ? vatScheme() : null]),
      // BT-32, a tax number that is not a VAT number, under a scheme other than VAT.
      node("cac:PartyTaxScheme", [leaf("cbc:CompanyID", value.taxNumber), value.taxNumber ? node("cac:TaxScheme", [leaf("cbc:ID", "FC")]) : null]),
      node("cac:PartyLegalEntity", [leaf("cbc:RegistrationName", value.name), leaf("cbc:CompanyID", value.registration)]),
      value.contact &&
        node("cac:Contact", [leaf("cbc:Name", value.contact.name), leaf("cbc:Telephone", value.contact.phone), leaf("cbc:ElectronicMail", value.contact.email)]),
    ]),
  ]);
}

const category = (name: string, vat: ModelVat, exemption?: { reason: string | null; code: string | null }) =>
  node(name, [
    leaf("cbc:ID", vat.code),
    leaf("cbc:Percent", vat.percent),
    leaf("cbc:TaxExemptionReasonCode", exemption?.code),
    leaf("cbc:TaxExemptionReason", exemption?.reason),
    vatScheme(),
  ]);

export function ublTree(model: EinvoiceModel): XmlNode | null {
  const credit = model.creditNote;
  const amount = (name: string, value: string | null) => leaf(name, value, { currencyID: model.currency });
  const { totals, payment } = model;

  const lines = model.lines.map((line) =>
    node(credit ? "cac:CreditNoteLine" : "cac:InvoiceLine", [
      leaf("cbc:ID", line.id),
      leaf(credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity", line.quantity, { unitCode: line.unitCode }),
      amount("cbc:LineExtensionAmount", line.net),
      line.allowance &&
        node("cac:AllowanceCharge", [
          leaf("cbc:ChargeIndicator", "false"),
          leaf("cbc:AllowanceChargeReasonCode", "95"),
          leaf("cbc:AllowanceChargeReason", "Discount"),
          amount("cbc:Amount", line.allowance),
        ]),
      node("cac:Item", [leaf("cbc:Description", line.description), leaf("cbc:Name", line.name), category("cac:ClassifiedTaxCategory", line.vat)]),
      node("cac:Price", [amount("cbc:PriceAmount", line.price)]),
    ]),
  );

  const allowances = model.allowances.map((item) =>
    node("cac:AllowanceCharge", [
      leaf("cbc:ChargeIndicator", String(item.charge)),
      leaf("cbc:AllowanceChargeReason", item.reason),
      amount("cbc:Amount", item.amount),
      category("cac:TaxCategory", item.vat),
    ]),
  );

  const paymentMeans =
    payment &&
    node("cac:PaymentMeans", [
      leaf("cbc:PaymentMeansCode", payment.code),
      credit ? leaf("cbc:PaymentDueDate", model.due) : null,
      leaf("cbc:PaymentID", payment.remittance),
      node("cac:PayeeFinancialAccount", [
        leaf("cbc:ID", payment.account),
        leaf("cbc:Name", payment.accountName),
        node("cac:FinancialInstitutionBranch", [leaf("cbc:ID", payment.branch)]),
      ]),
    ]);

  const taxTotal = node("cac:TaxTotal", [
    amount("cbc:TaxAmount", totals.tax),
    ...model.breakdown.map((entry) =>
      node("cac:TaxSubtotal", [
        amount("cbc:TaxableAmount", entry.basis),
        amount("cbc:TaxAmount", entry.tax),
        category("cac:TaxCategory", entry, { reason: entry.exemptionReason, code: entry.exemptionCode }),
      ]),
    ),
  ]);

  const delivery = node("cac:Delivery", [
    leaf("cbc:ActualDeliveryDate", model.delivered),
    model.deliverTo && node("cac:DeliveryLocation", [address("cac:Address", model.deliverTo.address)]),
    model.deliverTo && node("cac:DeliveryParty", [node("cac:PartyName", [leaf("cbc:Name", model.deliverTo.name)])]),
  ]);

  const head = [
    leaf("cbc:CustomizationID", GUIDELINES.peppol),
    leaf("cbc:ProfileID", PEPPOL_PROCESS),
    leaf("cbc:ID", model.number),
    leaf("cbc:IssueDate", model.issued),
    credit ? null : leaf("cbc:DueDate", model.due),
    leaf(credit ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode", model.typeCode),
    // Peppol allows one note (PEPPOL-EN16931-R002).
    leaf("cbc:Note", model.notes.join("\n")),
    leaf("cbc:DocumentCurrencyCode", model.currency),
    leaf("cbc:BuyerReference", model.buyerReference),
    node("cac:OrderReference", [leaf("cbc:ID", model.purchaseOrder)]),
    model.preceding &&
      node("cac:BillingReference", [node("cac:InvoiceDocumentReference", [leaf("cbc:ID", model.preceding.number), leaf("cbc:IssueDate", model.preceding.issued)])]),
    party("cac:AccountingSupplierParty", model.seller),
    party("cac:AccountingCustomerParty", model.buyer),
    delivery,
    paymentMeans,
    node("cac:PaymentTerms", [leaf("cbc:Note", model.paymentTerms)]),
  ];
  const monetary = node("cac:LegalMonetaryTotal", [
    amount("cbc:LineExtensionAmount", totals.lines),
    amount("cbc:TaxExclusiveAmount", totals.net),
    amount("cbc:TaxInclusiveAmount", totals.gross),
    amount("cbc:AllowanceTotalAmount", totals.allowances),
    amount("cbc:ChargeTotalAmount", totals.charges),
    amount("cbc:PrepaidAmount", totals.prepaid),
    amount("cbc:PayableAmount", totals.due),
  ]);
  return node(credit ? "CreditNote" : "Invoice", [...head, ...allowances, taxTotal, monetary, ...lines], {
    xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${credit ? "CreditNote" : "Invoice"}-2`,
    "xmlns:cac": CAC,
    "xmlns:cbc": CBC,
  });
}
