import type { FieldConfig, FieldWarning, FormConfig, FormValues } from "@/components/form/form-config";
import type { customerCreateSchema, customerUpdateSchema } from "@/lib/schemas/customer";
import {
  CUSTOMER_CONTACT_FIELDS,
  CUSTOMER_STATUS_OPTIONS,
  CUSTOMER_TYPE_OPTIONS,
  type CustomerItem,
} from "./customer-item";
import { duplicateWarning } from "@/components/form/duplicate-warning";
import { ownLanguageField, ownLanguageValue } from "@/components/form/language-field";
import { newItemLocationField } from "@/components/location/new-item-location-field";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { lazyModule } from "@/lib/client/lazy-component";
import { errorToast, toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { holds, type SessionView } from "@/lib/client/use-session";
import { readEmail } from "@/lib/schemas/email";
import { EINVOICE_FORMATS, type EinvoiceFormat } from "@/lib/schemas/invoice-values";
import { CUSTOMER, formHeading } from "@/components/entities";
import { bothWarnings, smsConsentWarning } from "./sms-consent-warning";

const schemas = () => import("@/lib/schemas/customer");
// The phone is read with the organization's country, as the server reads it, so a number that cannot be one is said at the first Save with the other fields.
const country = (session: SessionView | undefined) => session?.organization.country ?? null;

// Create and update take the same identity and contact fields (a new customer's location is chosen once, on create).
type CustomerFields = FieldConfig<Omit<FormValues<typeof customerCreateSchema>, "location">>;

/** Made from a conversation's sender (`?conversation=`): the conversation is linked to the new customer, and opened again. */
async function linkConversation(item: CustomerItem, address: URLSearchParams): Promise<string | undefined> {
  const conversation = address.get("conversation");
  if (!conversation) return undefined;
  try {
    const linked = await api.patch<{ reference: string }>(`/conversation/${conversation}`, { customer: item.id });
    toast("success", translate("customer.form.linked", { reference: linked.reference, name: item.name }));
    void invalidate("/conversation", "/message");
    return `/conversation/${conversation}`;
  } catch (error) {
    errorToast(error);
    return undefined;
  }
}

// The phone number library comes with the form rather than with the customer screens (FormConfig.load).
const phoneLibrary = lazyModule(() => import("@/lib/schemas/phone"));

// Typing an email or phone another customer has is allowed (families share a landline), but said.
const WARNINGS: Partial<Record<string, FieldWarning>> = {
  email: duplicateWarning({
    entity: CUSTOMER,
    filter: "email",
    query: readEmail,
  }),
  // A saved customer's number that opted out of texts says so, with since when and how.
  phone: bothWarnings(
    duplicateWarning({
      entity: CUSTOMER,
      filter: "phone",
      query: (value, session) => {
        const read = phoneLibrary.current?.normalizePhone(value, session.organization.country);
        return read && "number" in read ? read.number : null;
      },
    }),
    smsConsentWarning(phoneLibrary),
  ),
};

const contactFields: CustomerFields[] = CUSTOMER_CONTACT_FIELDS.map((field) => ({
  key: field.key,
  label: field.labelKey,
  kind: "kind" in field ? field.kind : "text",
  useWarning: WARNINGS[field.key],
}));

const identityFields: CustomerFields[] = [
  { key: "type", label: "customer.field.type", kind: "select", required: true, options: CUSTOMER_TYPE_OPTIONS },
  {
    key: "name",
    label: "customer.field.fullName",
    labelFor: (values) => (values.type === "organization" ? "customer.field.organizationName" : "customer.field.fullName"),
    kind: "text",
    required: true,
  },
];

const EINVOICE_FORMAT_KEYS: Record<EinvoiceFormat, string> = {
  none: "customer.einvoiceFormat.none",
  facturx: "customer.einvoiceFormat.facturx",
  xrechnung: "customer.einvoiceFormat.xrechnung",
  ubl: "customer.einvoiceFormat.ubl",
};

// What invoices print and send: the buyer's VAT id and the e-invoice that goes with each invoice.
const invoicingFields: CustomerFields[] = [
  { key: "vat_number", label: "customer.field.vatNumber", description: "customer.field.vatNumberDescription", kind: "text", section: "customer.field.invoicingSection" },
  {
    key: "einvoice_format",
    label: "customer.field.einvoiceFormat",
    description: "customer.field.einvoiceFormatDescription",
    kind: "select",
    options: EINVOICE_FORMATS.map((value) => ({ value, label: EINVOICE_FORMAT_KEYS[value] })),
  },
];

// What is sent to the customer is in this language; unset, the organization's.
const languageField: CustomerFields = ownLanguageField("language", "customer.field.language", "customer.field.languageDescription");

const blankContact = Object.fromEntries(CUSTOMER_CONTACT_FIELDS.map((field) => [field.key, ""]));

export const customerForm: FormConfig<CustomerItem, typeof customerCreateSchema, typeof customerUpdateSchema> = {
  ...formHeading(CUSTOMER),
  label: "customer.entity.one",
  section: "customer.entity.other",
  name: (item) => item.name,
  load: phoneLibrary,
  create: {
    title: "customer.entity.new",
    fields: [...identityFields, ...contactFields, languageField, ...invoicingFields, newItemLocationField()],
    schema: () => schemas().then((loaded) => loaded.customerCreateSchema),
    schemaFor: async (_values, session) => (await schemas()).customerCreateSchemaFor(country(session)),
    initial: { type: "individual", name: "", ...blankContact, vat_number: "", einvoice_format: "none" },
    // A conversation's sender made a customer: their name and address or number come along (components/conversation/unlinked-sender.tsx).
    fromAddress: ["email", "phone"],
    then: linkConversation,
  },
  update: {
    editable: (_item, session) => holds(session, "customers_manage"),
    fields: [
      ...identityFields,
      ...contactFields,
      languageField,
      ...invoicingFields,
      { key: "status", label: "customer.field.status", kind: "select", required: true, options: CUSTOMER_STATUS_OPTIONS },
      { key: "sharing", label: "customer.field.sharing", kind: "sharing", full: "full" },
      {
        key: "automated_emails",
        label: "customer.field.automatedEmails",
        description: "customer.field.automatedEmailsDescription",
        kind: "switch",
        section: "customer.field.messagesSection",
      },
    ],
    schema: () => schemas().then((loaded) => loaded.customerUpdateSchema),
    schemaFor: async (_values, session) => (await schemas()).customerUpdateSchemaFor(country(session)),
    values: (item, session) => ({
      type: item.type,
      name: item.name,
      ...Object.fromEntries(CUSTOMER_CONTACT_FIELDS.map((field) => [field.key, item[field.key] ?? ""])),
      phone: item.phone ? (phoneLibrary.current?.formatPhone(item.phone, session?.organization.country) ?? item.phone) : "",
      language: ownLanguageValue(item.language),
      vat_number: item.vat_number ?? "",
      einvoice_format: item.einvoice_format,
      automated_emails: item.automated_emails,
      status: item.status,
      sharing: item.sharing,
    }),
  },
};
