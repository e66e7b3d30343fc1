"use client";
import type { FieldConfig } from "@/components/form/form-config";
import { contactCreateSchemaFor, contactUpdateSchemaFor } from "@/lib/schemas/contact";
import { formatPhone } from "@/lib/schemas/phone";
import { CUSTOMER_STATUS_OPTIONS } from "./customer-item";
import { PartDialog, type PartDialogConfig } from "./part-dialog";
import type { ContactItem } from "./site-item";

type Props = {
  customerId: string;
  /** The contact to change; null adds one. */
  contact: ContactItem | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (contact: ContactItem) => void;
};

const CHANNEL_OPTIONS = [
  { value: "email", label: "customer.contact.channel.email" },
  { value: "sms", label: "customer.contact.channel.sms" },
  { value: "phone", label: "customer.contact.channel.phone" },
];

// The phone is read with the organization's country, as the server reads it; the dialog is fetched when first opened, with the phone number library.
const CONFIG: PartDialogConfig<ContactItem> = {
  segment: "contact",
  label: "customer.contact.one",
  newTitle: "customer.contact.newTitle",
  editTitle: "customer.contact.editTitle",
  name: (item) => item.name,
  fields: (editing) => [
    { key: "name", label: "customer.contact.field.name", kind: "text", required: true },
    { key: "role", label: "customer.contact.field.role", kind: "text", placeholder: "customer.contact.field.rolePlaceholder" },
    { key: "email", label: "customer.field.email", kind: "email" },
    { key: "phone", label: "customer.field.phone", kind: "tel" },
    { key: "preferred_channel", label: "customer.contact.field.preferredChannel", kind: "select", options: CHANNEL_OPTIONS, clearable: true },
    { key: "receives_quotes", label: "customer.contact.field.receivesQuotes", kind: "switch" },
    { key: "receives_invoices", label: "customer.contact.field.receivesInvoices", kind: "switch" },
    ...(editing ? [{ key: "status", label: "customer.field.status", kind: "select", options: CUSTOMER_STATUS_OPTIONS, required: true } as FieldConfig] : []),
  ],
  initial: { name: "", role: "", email: "", phone: "", preferred_channel: null, receives_quotes: false, receives_invoices: false },
  values: (item, session) => ({
    name: item.name,
    role: item.role ?? "",
    email: item.email ?? "",
    phone: item.phone ? formatPhone(item.phone, session?.organization.country) : "",
    preferred_channel: item.preferred_channel,
    receives_quotes: item.receives_quotes,
    receives_invoices: item.receives_invoices,
    status: item.status,
  }),
  schema: async (editing, session) => {
    const country = session?.organization.country ?? null;
    return editing ? contactUpdateSchemaFor(country) : contactCreateSchemaFor(country);
  },
};

/** Someone to reach at the customer besides its own email and phone. */
export function ContactDialog({ contact, ...rest }: Props) {
  return <PartDialog config={CONFIG} item={contact} {...rest} />;
}
