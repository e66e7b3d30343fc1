import { useTranslations } from "next-intl";
import type { FieldConfig, FieldRenderProps, FormConfig } from "@/components/form/form-config";
import { CUSTOMER, INVOICE, formHeading, newItemLabel } from "@/components/entities";
import { lazyComponent } from "@/lib/client/lazy-component";
import type { InvoiceItem } from "./invoice-item";
import { allowancesToBody, allowancesToValues, sectionsToBody, sectionsToValues, type AllowanceValues } from "./invoice-values";
import type { SectionValues } from "@/components/quote/quote-values";
import { useInvoiceAccess } from "./use-invoice-access";

// The editor (drag and drop, the price book's picker, the totals) is fetched with the invoice's form, not with the app.
const editor = () => import("./invoice-editor");
const InvoiceEditor = lazyComponent(() => editor().then((module) => module.InvoiceEditor));
const InvoiceAllowancesEditor = lazyComponent(() => editor().then((module) => module.InvoiceAllowancesEditor));
const SiteField = lazyComponent(() => import("@/components/project/project-site-field").then((module) => module.ProjectSiteField));
const CustomerField = lazyComponent(() => import("@/components/quote/quote-fields").then((module) => module.CustomerFromAddressField));

function InvoiceCustomerField(props: FieldRenderProps) {
  const t = useTranslations();
  return <CustomerField {...props} label={t("invoice.field.customer")} />;
}

const schemas = () => import("@/lib/schemas/invoice");

const orNull = (text: unknown) => (typeof text === "string" && text.trim() === "" ? null : text);
const termsNumber = (value: unknown) => (value === "" || value === null || value === undefined ? value : Number(value));

/** Texts left empty are sent as none; sections and allowances as the API takes them. */
function payload(body: Record<string, unknown>) {
  const sent: Record<string, unknown> = { ...body };
  for (const key of ["notes", "buyer_reference", "purchase_order"]) if (key in sent) sent[key] = orNull(sent[key]);
  if ("payment_terms_days" in sent) sent.payment_terms_days = termsNumber(sent.payment_terms_days);
  if ("sections" in sent) sent.sections = sectionsToBody(sent.sections as SectionValues[]);
  if ("allowances" in sent) sent.allowances = allowancesToBody(sent.allowances as AllowanceValues[]);
  return sent;
}

const header: FieldConfig[] = [
  { key: "title", label: "invoice.field.title", kind: "text" },
  { key: "site", label: "invoice.field.site", kind: "custom", render: (props) => <SiteField {...props} /> },
  { key: "buyer_reference", label: "invoice.field.buyerReference", description: "invoice.field.buyerReferenceHelp", kind: "text" },
  { key: "purchase_order", label: "invoice.field.purchaseOrder", kind: "text" },
  { key: "payment_terms_days", label: "invoice.field.paymentTerms", description: "invoice.field.paymentTermsHelp", kind: "text", placeholder: "14" },
];

/**
 * An invoice: created blank with its customer (or from a quote or a project, on its own
 * screen), then written in its editor while a draft. Issued, it is read only: a
 * correction is a credit note.
 */
export const invoiceForm: FormConfig<InvoiceItem> = {
  ...formHeading(INVOICE),
  name: (item) => item.number ?? item.title,
  create: {
    title: newItemLabel(INVOICE),
    fields: [
      { key: "customer", label: "invoice.field.customer", reference: CUSTOMER.type, kind: "custom", render: (props) => <InvoiceCustomerField {...props} /> },
      { key: "title", label: "invoice.field.title", kind: "text" },
    ],
    schema: () => schemas().then((module) => module.invoiceCreateSchema),
    initial: { customer: null, title: "" },
    // One untitled section: the editor fills it in.
    payload: (body) => ({ from: "blank", ...body, sections: [{ title: "", lines: [] }] }),
  },
  update: {
    width: 1200,
    useAccess: useInvoiceAccess,
    fields: [
      ...header,
      { key: "sections", label: "invoice.field.lines", kind: "custom", render: (props) => <InvoiceEditor {...props} /> },
      { key: "allowances", label: "invoice.field.allowances", kind: "custom", render: (props) => <InvoiceAllowancesEditor {...props} /> },
      { key: "notes", label: "invoice.field.notes", kind: "textarea" },
    ],
    schema: () => schemas().then((module) => module.invoiceUpdateSchema),
    values: (item) => ({
      customer: item.customer,
      title: item.title,
      site: item.site,
      buyer_reference: item.buyer_reference ?? "",
      purchase_order: item.purchase_order ?? "",
      payment_terms_days: String(item.payment_terms_days),
      sections: sectionsToValues(item.sections),
      allowances: allowancesToValues(item.allowances),
      notes: item.notes ?? "",
    }),
    payload: (body) => {
      // The customer is the invoice's for good; it is in the values only for the site's choice.
      const { customer: _customer, ...rest } = body;
      return payload(rest);
    },
  },
};
